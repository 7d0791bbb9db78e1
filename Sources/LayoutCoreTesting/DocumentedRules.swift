import LayoutCore

/// Each control's input rules as its documentation states them (the "Inputs" table of
/// Docs/<Control>.md), written here independently of the library's declaration
/// (`InputFields.rules`). The bad-input oracle takes the bounds of every range and enumeration
/// from here: a declaration that gets a bound wrong (a display scale accepted up to 2^20, a
/// duration of 0 accepted) would otherwise move the oracle's expectation and the fuzzer's
/// boundary values along with it, and no check could see it.
public enum DocumentedRules {
    /// `0 ... 2^20` ("`2^20` is `LayoutLimits.maximumLength` (1,048,576 pt)").
    static let length = FieldRule.range(0 ... 1_048_576)
    /// `-2^20 ... 2^20`.
    static let signedLength = FieldRule.range(-1_048_576 ... 1_048_576)

    /// The documented rule of the field named `field` of `C` (a range or an enumeration), or
    /// `nil` when the documentation has none for it (the fields a control checks itself).
    public static func rule<C: ControlUnderTest>(of field: String, _: C.Type) -> FieldRule? {
        switch C.controlName {
        case "button-content": return button(field)
        case "thumb-track": return thumb(field)
        case "toggle-transition": return toggle(field, C.Scalar.self)
        case "slider": return slider(field)
        default: return nil
        }
    }

    /// Docs/ButtonContent.md, "Inputs".
    static func button(_ field: String) -> FieldRule? {
        switch field {
        case "width", "height", "insetTop", "insetLeading", "insetBottom", "insetTrailing",
             "imageWidth", "imageHeight", "titleWidth", "titleHeight", "imagePadding": return length
        case "displayScale": return .range(0 ... 4)  // "`0 ... 4` (fractions such as 1.5 allowed)"
        case "imagePlacement": return .cases(4)      // top, leading, bottom, trailing
        case "layoutDirection", "mode": return .cases(2)
        default: return nil
        }
    }

    /// Docs/ThumbTrack.md, "Inputs" (`selectedIndex` and `projectionRate` depend on other
    /// fields: the control's own oracle, `expectedControlProblem`, states them).
    static func thumb(_ field: String) -> FieldRule? {
        switch field {
        case "width", "height", "inset": return length
        case "segmentCount": return .range(2 ... 255)
        case "translation", "velocity": return signedLength
        case "phase": return .cases(3)               // changed, ended, cancelled
        case "layoutDirection", "snapping", "rubberBand", "mode": return .cases(2)
        default: return nil
        }
    }

    /// Docs/ToggleTransition.md, "Inputs".
    static func toggle<S: LayoutScalar>(_ field: String, _: S.Type) -> FieldRule? {
        switch field {
        case "width", "height", "offImageWidth", "offImageHeight", "onImageWidth", "onImageHeight",
             "indeterminateImageWidth", "indeterminateImageHeight": return length
        case "from": return .cases(3)                // any state
        case "to": return .cases(2)                  // ".off 0 or .on 1 only"
        case "elapsed":                              // "any finite value"
            return .range(-Double(S.greatestFiniteMagnitude) ... Double(S.greatestFiniteMagnitude))
        case "duration":                             // "finite and > 0"
            return .range(above: 0, upTo: Double(S.greatestFiniteMagnitude))
        case "curve", "animated", "mode": return .cases(2)
        default: return nil
        }
    }

    /// Docs/Slider.md, "Inputs".
    static func slider(_ field: String) -> FieldRule? {
        switch field {
        case "width", "height", "leadingInset", "trailingInset", "thumbWidth", "thumbHeight",
             "trackThickness", "step": return length
        case "minimumValue", "maximumValue", "value", "translation": return signedLength
        case "displayScale": return .range(0 ... 4)
        case "phase": return .cases(4)               // none, changed, ended, cancelled
        case "layoutDirection": return .cases(2)
        default: return nil
        }
    }
}
