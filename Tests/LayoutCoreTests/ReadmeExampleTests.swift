import Foundation
import LayoutCore
import LayoutCoreTesting
import Testing

// The README's examples, compiled and run as written. Each is copied unchanged (its `import`
// lines aside) between a "README's code" marker and the end of its `do`/`catch` (or class),
// with stand-ins for what the app provides (`visibleCells`, `rows`, UIKit...).
// `everyReadmeExampleIsCopiedIntoATestUnchanged` holds the copies (here, or in a control's own
// example tests) to the README; the other tests
// hold their results to the reference, and the error messages the README quotes to the
// errors the examples get. If the API or a message changes, they fail and the README must
// change with them.

/// Just enough of UIKit for the README's `IconButton` to compile and run on any platform.
/// `UIControl.print(_:)` records what the example prints.
enum UIKitStandIn {
    typealias CGFloat = Double
    struct CGSize: Equatable { var width: CGFloat; var height: CGFloat }
    struct CGRect: Equatable {
        var x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat
        init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }
    enum UIUserInterfaceLayoutDirection { case leftToRight, rightToLeft }
    struct UITraitCollection { var displayScale: CGFloat }
    class UIView { var frame = CGRect(x: 0, y: 0, width: 0, height: 0) }
    final class UIImageView: UIView {}
    final class UILabel: UIView { var intrinsicContentSize = CGSize(width: 0, height: 0) }
    class UIControl: UIView {
        var bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
        var effectiveUserInterfaceLayoutDirection = UIUserInterfaceLayoutDirection.leftToRight
        var traitCollection = UITraitCollection(displayScale: 1)
        var printed: [LayoutError] = []
        func layoutSubviews() {}
        func print(_ error: any Error) { printed.append(error as! LayoutError) }
    }

    // The README's code ("One control", button content), unchanged:
    final class IconButton: UIControl {
        let imageView = UIImageView()
        let titleLabel = UILabel()

        override func layoutSubviews() {
            super.layoutSubviews()
            let configuration = ButtonContentConfiguration<Double>(
                bounds: LayoutSize(width: Double(bounds.width), height: Double(bounds.height)),
                contentInsets: DirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12),
                imageSize: LayoutSize(width: 24, height: 24),
                titleSize: LayoutSize(width: Double(titleLabel.intrinsicContentSize.width),
                                      height: Double(titleLabel.intrinsicContentSize.height)),
                imagePlacement: .leading,
                imagePadding: 6,
                layoutDirection: effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
                displayScale: Double(traitCollection.displayScale))
            do {
                let frames = try ButtonContent.layout(configuration)
                imageView.frame = CGRect(x: frames.imageFrame.x, y: frames.imageFrame.y,
                                         width: frames.imageFrame.width, height: frames.imageFrame.height)
                titleLabel.frame = CGRect(x: frames.titleFrame.x, y: frames.titleFrame.y,
                                          width: frames.titleFrame.width, height: frames.titleFrame.height)
            } catch {
                print(error)  // e.g. "element 0, field 'titleWidth': nan is not finite"; frames kept
            }
        }
    }
}

@Suite struct ReadmeExampleTests {
    // MARK: - The copies are the README's code

    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The README's Swift code blocks, without the package manifest fragment.
    static func readmeExamples() throws -> [[String]] {
        let readme = try String(
            contentsOf: testsFolder.appendingPathComponent("../../README.md").standardizedFileURL, encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.components(separatedBy: "\n") {
            if current == nil, line == "```swift" { current = []; continue }
            if current != nil, line == "```" {
                if current!.first != "// Package.swift" { blocks.append(current!) }
                current = nil
                continue
            }
            current?.append(line)
        }
        return blocks
    }

    /// A line as compared: without its indentation (the copies sit inside functions).
    static func normalized(_ line: String) -> String {
        String(line.drop(while: { $0 == " " })).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    /// Every README example is copied unchanged into a test file of this folder: here, or the
    /// control's own `<Control>ExampleTests.swift` (where a new control keeps its copies and the
    /// tests that run them).
    @Test func everyReadmeExampleIsCopiedIntoATestUnchanged() throws {
        let examples = try Self.readmeExamples()
        // One control and one batch; the API reference's articles have the other controls'.
        #expect(examples.count == 2)
        let testFiles = try FileManager.default.contentsOfDirectory(atPath: Self.testsFolder.path)
            .filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: Self.testsFolder.appendingPathComponent($0), encoding: .utf8)
                .components(separatedBy: "\n").map(Self.normalized) }
        for example in examples {
            let lines = example.filter { !$0.hasPrefix("import ") }.map(Self.normalized)
            let start = Array(lines.drop(while: { $0.isEmpty }))
            let found = testFiles.contains { here in
                here.indices.contains { offset in
                    offset + start.count <= here.count && Array(here[offset ..< offset + start.count]) == start
                }
            }
            #expect(found, "README example not copied into a test file unchanged:\n\(example.joined(separator: "\n"))")
        }
    }

    // MARK: - One control

    @Test func iconButtonLaysOutLikeTheReference() throws {
        for direction in [UIKitStandIn.UIUserInterfaceLayoutDirection.leftToRight, .rightToLeft] {
            let button = UIKitStandIn.IconButton()
            button.bounds = .init(x: 0, y: 0, width: 120, height: 44)
            button.titleLabel.intrinsicContentSize = .init(width: 52.5, height: 20.3)
            button.effectiveUserInterfaceLayoutDirection = direction
            button.traitCollection.displayScale = 3
            button.layoutSubviews()
            let expected = try ButtonContent.layout(ButtonContentConfiguration<Double>(
                bounds: LayoutSize(width: 120, height: 44),
                contentInsets: DirectionalEdgeInsets(top: 8, leading: 12, bottom: 8, trailing: 12),
                imageSize: LayoutSize(width: 24, height: 24), titleSize: LayoutSize(width: 52.5, height: 20.3),
                imagePlacement: .leading, imagePadding: 6,
                layoutDirection: direction == .rightToLeft ? .rightToLeft : .leftToRight, displayScale: 3))
            let image = expected.imageFrame, title = expected.titleFrame
            #expect(button.imageView.frame == .init(x: image.x, y: image.y, width: image.width, height: image.height))
            #expect(button.titleLabel.frame == .init(x: title.x, y: title.y, width: title.width, height: title.height))
            #expect(button.printed.isEmpty)
        }
    }

    @Test func iconButtonKeepsItsFramesOnBadInput() {
        let button = UIKitStandIn.IconButton()
        button.bounds = .init(x: 0, y: 0, width: 120, height: 44)
        button.titleLabel.intrinsicContentSize = .init(width: .nan, height: 20)
        button.imageView.frame = .init(x: 1, y: 2, width: 3, height: 4)
        button.layoutSubviews()
        #expect(button.printed.map { "\($0)" } == ["element 0, field 'titleWidth': nan is not finite"])
        #expect(button.imageView.frame == .init(x: 1, y: 2, width: 3, height: 4))
    }

    /// Runs the README's thumb example: the thumb frame it sets, the index it keeps, and the
    /// error it prints.
    static func readmeThumbExample(
        selectedIndex start: Int, translation: Double, velocity: Double, phase: ThumbTrackPhase
    ) -> (thumbFrame: LayoutRect<Double>?, selectedIndex: Int, error: LayoutError?) {
        var printed: LayoutError?
        func print(_ error: any Error) { printed = error as? LayoutError }
        var selectedIndex = start
        var thumbFrame: LayoutRect<Double>?

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // In the pan gesture handler of a three-segment control: where the thumb goes, and whether
        // the selection changed (on release).
        let configuration = ThumbTrackConfiguration<Double>(
            bounds: LayoutSize(width: 240, height: 32), inset: 2,
            segmentCount: 3, selectedIndex: selectedIndex,
            translation: translation, velocity: velocity, phase: phase,
            snapping: .normal, rubberBand: true)
        do {
            let thumb = try ThumbTrack.layout(configuration)
            thumbFrame = thumb.thumbFrame
            if thumb.indexChanged {
                selectedIndex = thumb.selectedIndex  // and send .valueChanged
            }
        } catch {
            print(error)  // e.g. "element 0, field 'selectedIndex': 3.0 is out of range (expected 0...2)"
        }
        return (thumbFrame, selectedIndex, printed)
    }

    @Test func thumbExampleFollowsTheReference() throws {
        for phase in ThumbTrackPhase.allCases {
            for (translation, velocity) in [(0.0, 0.0), (50, 0), (-30, -900), (400, 2000), (-400, 0)] {
                let (frame, index, error) = Self.readmeThumbExample(
                    selectedIndex: 1, translation: translation, velocity: velocity, phase: phase)
                let expected = try ThumbTrack.layout(ThumbTrackConfiguration<Double>(
                    bounds: LayoutSize(width: 240, height: 32), inset: 2, segmentCount: 3, selectedIndex: 1,
                    translation: translation, velocity: velocity, phase: phase,
                    snapping: .normal, rubberBand: true))
                #expect(error == nil)
                #expect(frame == expected.thumbFrame)
                #expect(index == expected.selectedIndex)
            }
        }
        // A release far to the right moves the selection: the example keeps the new index.
        #expect(Self.readmeThumbExample(selectedIndex: 0, translation: 200, velocity: 0, phase: .ended).selectedIndex == 2)
    }

    @Test func thumbExampleQuotesTheErrorOfAnIndexOutOfRange() {
        let (frame, index, error) = Self.readmeThumbExample(selectedIndex: 3, translation: 0, velocity: 0, phase: .ended)
        #expect(error.map { "\($0)" } == "element 0, field 'selectedIndex': 3.0 is out of range (expected 0...2)")
        #expect(frame == nil)
        #expect(index == 3)
    }

    /// Runs the README's toggle example: the layers it shows, and the error it prints.
    static func readmeToggleExample(
        state: ToggleState, elapsed: Double
    ) -> (shown: [ToggleState: ToggleLayer<Double>], error: LayoutError?) {
        var printed: LayoutError?
        func print(_ error: any Error) { printed = error as? LayoutError }
        var shown: [ToggleState: ToggleLayer<Double>] = [:]
        func show(_ layer: ToggleLayer<Double>, for state: ToggleState) { shown[state] = layer }

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // In a display-link callback while a tap animates: each of the three layers at `elapsed`.
        let configuration = ToggleTransitionConfiguration<Double>(
            bounds: LayoutSize(width: 44, height: 44),
            offImageSize: LayoutSize(width: 24, height: 22),
            onImageSize: LayoutSize(width: 24, height: 22),
            indeterminateImageSize: LayoutSize(width: 22, height: 4),
            from: state, to: state.tapped(),
            elapsed: elapsed, duration: 0.3)  // .easeInOut and animated by default
        do {
            let layers = try ToggleTransition.layout(configuration)
            for layer in ToggleState.allCases {
                show(layers[layer], for: layer)  // your code: the image view's alpha, scale and frame
            }
        } catch {
            print(error)  // e.g. "element 0, field 'elapsed': nan is not finite"
        }
        return (shown, printed)
    }

    @Test func toggleExampleShowsTheReferenceLayers() throws {
        for state in ToggleState.allCases {
            for elapsed in [-0.1, 0, 0.1, 0.15, 0.29, 0.3, 1] {
                let (shown, error) = Self.readmeToggleExample(state: state, elapsed: elapsed)
                let expected = try ToggleTransition.layout(ToggleTransitionConfiguration<Double>(
                    bounds: LayoutSize(width: 44, height: 44),
                    offImageSize: LayoutSize(width: 24, height: 22), onImageSize: LayoutSize(width: 24, height: 22),
                    indeterminateImageSize: LayoutSize(width: 22, height: 4),
                    from: state, to: state.tapped(), elapsed: elapsed, duration: 0.3))
                #expect(error == nil)
                #expect(shown == [.off: expected.off, .on: expected.on, .indeterminate: expected.indeterminate])
            }
        }
    }

    @Test func toggleExampleQuotesTheErrorOfANaNTime() {
        let (shown, error) = Self.readmeToggleExample(state: .off, elapsed: .nan)
        #expect(error.map { "\($0)" } == "element 0, field 'elapsed': nan is not finite")
        #expect(shown.isEmpty)
    }

    // MARK: - Thousands at once

    struct Cell { var width: Float; var titleWidth: Float }

    /// Runs the README's code on `visibleCells`: the frames, or the error it prints.
    static func readmeBatchExample(_ visibleCells: [Cell]) -> (ButtonContentResultColumns<Float>, LayoutError?) {
        var printed: LayoutError?
        var printedFrames: [LayoutRect<Float>] = []
        func print(_ error: any Error) { printed = error as? LayoutError }
        func print(_ frame: LayoutRect<Float>) { printedFrames.append(frame) }

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // One column per field (structure of arrays) in storage the library owns; enumerations as
        // raw values. Read or write one column by name: columns.titleWidth[3] = 42.
        var columns = ButtonContentColumns<Float>()
        for cell in visibleCells {
            columns.append(ButtonContentConfiguration(
                bounds: LayoutSize(width: cell.width, height: 44),
                imageSize: LayoutSize(width: 20, height: 20),
                titleSize: LayoutSize(width: cell.titleWidth, height: 18),
                imagePlacement: .leading, imagePadding: 8, displayScale: 3))
        }

        var frames = ButtonContentResultColumns<Float>()  // reuse between frames: no allocation
        do {
            try columns.layout(into: &frames)                     // SIMD, all cores from 256K controls
            if !frames.isEmpty {
                let firstImage = frames[0].imageFrame  // or read the columns frames.imageX, frames.imageY, ...
                print(firstImage)
            }
        } catch {
            print(error)  // e.g. "element 12, field 'titleWidth': -3.0 is negative"; frames untouched
        }
        // The example reads the first image frame only when the batch was laid out.
        #expect(printedFrames == (printed == nil && !visibleCells.isEmpty ? [frames[0].imageFrame] : []))
        return (frames, printed)
    }

    @Test func batchExampleLaysOutEveryCellLikeTheReference() throws {
        let cells = (0..<20).map { Cell(width: 120 + Float($0), titleWidth: 40 + 2 * Float($0)) }
        let (frames, error) = Self.readmeBatchExample(cells)
        #expect(error == nil)
        #expect(frames.count == cells.count)
        // `frames[0].imageFrame`, as the README reads it, is the reference's answer.
        for (index, cell) in cells.enumerated() {
            let expected = try ButtonContent.layout(ButtonContentConfiguration<Float>(
                bounds: LayoutSize(width: cell.width, height: 44),
                imageSize: LayoutSize(width: 20, height: 20),
                titleSize: LayoutSize(width: cell.titleWidth, height: 18),
                imagePlacement: .leading, imagePadding: 8, displayScale: 3))
            #expect(frames[index] == expected)
        }
        // No cells: nothing is read.
        #expect(Self.readmeBatchExample([]).0.count == 0)
    }

    @Test func theQuotedErrorIsTheOneANegativeTitleWidthGets() {
        var cells = (0..<20).map { _ in Cell(width: 120, titleWidth: 40) }
        cells[12].titleWidth = -3
        let (frames, error) = Self.readmeBatchExample(cells)
        #expect(error.map { "\($0)" } == "element 12, field 'titleWidth': -3.0 is negative")
        // "frames untouched": the new, empty output stays empty.
        #expect(frames.count == 0)
    }

    struct Row { var isOn: Bool; var translation: Float; var phase: ThumbTrackPhase; var thumbX: Float = -1 }

    /// Runs the README's thumb batch example on `rows`: the rows it updates, and the error it
    /// prints.
    static func readmeThumbBatchExample(_ rows: [Row]) -> ([Row], LayoutError?) {
        var printed: LayoutError?
        func print(_ error: any Error) { printed = error as? LayoutError }
        var rows = rows

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // The switches of a list, each with its own pan state, laid out in one call.
        var columns = ThumbTrackColumns<Float>()
        for row in rows {
            columns.append(ThumbTrackConfiguration(
                bounds: LayoutSize(width: 51, height: 31), inset: 2,
                selectedIndex: row.isOn ? 1 : 0,
                translation: row.translation, phase: row.phase))
        }
        var thumbs = ThumbTrackResultColumns<Float>()
        do {
            try columns.layout(into: &thumbs)
            for index in 0..<thumbs.count {
                rows[index].thumbX = thumbs[index].thumbFrame.x  // or the column thumbs.thumbX[index]
                if thumbs[index].indexChanged { rows[index].isOn = thumbs[index].selectedIndex == 1 }
            }
        } catch {
            print(error)  // e.g. "element 3, field 'translation': nan is not finite"; thumbs untouched
        }
        #expect(printed == nil || thumbs.count == 0)
        return (rows, printed)
    }

    @Test func thumbBatchExampleUpdatesEveryRowLikeTheReference() throws {
        let rows = (0..<23).map { (number: Int) -> Row in
            let translation = Float(number * 7 - 80)
            return Row(isOn: number % 3 == 0, translation: translation, phase: ThumbTrackPhase.allCases[number % 3])
        }
        let (updated, error) = Self.readmeThumbBatchExample(rows)
        #expect(error == nil)
        for (row, after) in zip(rows, updated) {
            let expected = try ThumbTrack.layout(ThumbTrackConfiguration<Float>(
                bounds: LayoutSize(width: 51, height: 31), inset: 2, selectedIndex: row.isOn ? 1 : 0,
                translation: row.translation, phase: row.phase))
            #expect(after.thumbX == expected.thumbFrame.x)
            #expect(after.isOn == (expected.selectedIndex == 1))
        }
        #expect(updated.contains { $0.isOn } && updated.contains { !$0.isOn })
    }

    @Test func thumbBatchExampleQuotesTheErrorOfANaNTranslation() {
        var rows = (0..<8).map { Row(isOn: false, translation: Float($0), phase: .changed) }
        rows[3].translation = .nan
        let (updated, error) = Self.readmeThumbBatchExample(rows)
        #expect(error.map { "\($0)" } == "element 3, field 'translation': nan is not finite")
        #expect(updated.allSatisfy { $0.thumbX == -1 })  // nothing was read
    }

    struct Post { var stateBeforeTap: ToggleState; var tapTime: Float }

    /// Runs the README's toggle batch example at time `now`: the layers it shows per post, and
    /// the error it prints.
    static func readmeToggleBatchExample(
        _ animatingPosts: [Post], now: Float
    ) -> ([Int: ToggleTransitionResult<Float>], LayoutError?) {
        var printed: LayoutError?
        func print(_ error: any Error) { printed = error as? LayoutError }
        var shown: [Int: ToggleTransitionResult<Float>] = [:]
        func show(_ layers: ToggleTransitionResult<Float>, forPost index: Int) { shown[index] = layers }

        // From here to the end of the `do`/`catch`: the README's code, unchanged.
        // Every like button of a feed that is animating, one batch per display-link frame.
        var columns = ToggleTransitionColumns<Float>()
        for post in animatingPosts {
            columns.append(ToggleTransitionConfiguration(
                bounds: LayoutSize(width: 44, height: 44),
                offImageSize: LayoutSize(width: 24, height: 22),
                onImageSize: LayoutSize(width: 24, height: 22),
                indeterminateImageSize: LayoutSize(width: 22, height: 4),
                from: post.stateBeforeTap, to: post.stateBeforeTap.tapped(),
                elapsed: now - post.tapTime, duration: 0.3))
        }
        var layers = ToggleTransitionResultColumns<Float>()
        do {
            try columns.layout(into: &layers)
            for index in 0..<layers.count {
                show(layers[index], forPost: index)  // or the columns layers.onAlpha[index], layers.onX[index], ...
            }
        } catch {
            print(error)  // e.g. "element 5, field 'elapsed': nan is not finite"; layers untouched
        }
        return (shown, printed)
    }

    @Test func toggleBatchExampleShowsTheReferenceLayers() throws {
        let posts = (0..<21).map { (number: Int) -> Post in
            let tapTime: Float = 10 + Float(number) * 0.02
            return Post(stateBeforeTap: ToggleState.allCases[number % 3], tapTime: tapTime)
        }
        let now: Float = 10.25
        let (shown, error) = Self.readmeToggleBatchExample(posts, now: now)
        #expect(error == nil)
        #expect(shown.count == posts.count)
        for (index, post) in posts.enumerated() {
            let expected = try ToggleTransition.layout(ToggleTransitionConfiguration<Float>(
                bounds: LayoutSize(width: 44, height: 44),
                offImageSize: LayoutSize(width: 24, height: 22), onImageSize: LayoutSize(width: 24, height: 22),
                indeterminateImageSize: LayoutSize(width: 22, height: 4),
                from: post.stateBeforeTap, to: post.stateBeforeTap.tapped(),
                elapsed: now - post.tapTime, duration: 0.3))
            #expect(shown[index] == expected)
        }
    }

    @Test func toggleBatchExampleQuotesTheErrorOfANaNTime() {
        var posts = (0..<9).map { Post(stateBeforeTap: .off, tapTime: Float($0) * 0.01) }
        posts[5].tapTime = .nan
        let (shown, error) = Self.readmeToggleBatchExample(posts, now: 0.1)
        #expect(error.map { "\($0)" } == "element 5, field 'elapsed': nan is not finite")
        #expect(shown.isEmpty)
    }
}
