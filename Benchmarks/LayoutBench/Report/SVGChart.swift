// Line charts as standalone SVG, written without outside tools: log or linear axes with
// labelled ticks, a legend, error bars, horizontal reference lines, dashed guide lines (drawn
// as steps when they are bounds that jump between levels) and a footer naming the run.

import Foundation

public struct SVGChart: Sendable {
    public enum Scale: Sendable { case linear, log }

    public struct Point: Sendable {
        public var x: Double
        public var y: Double
        /// An error bar from `low` to `high`, when given.
        public var low: Double?
        public var high: Double?
        public init(x: Double, y: Double, low: Double? = nil, high: Double? = nil) {
            (self.x, self.y, self.low, self.high) = (x, y, low, high)
        }
    }

    public struct Series: Sendable {
        public var name: String
        public var color: String
        public var dashed: Bool
        public var points: [Point]
        public init(name: String, color: String, dashed: Bool = false, points: [Point]) {
            (self.name, self.color, self.dashed, self.points) = (name, color, dashed, points)
        }
    }

    /// A horizontal line at `y` from `fromX` (or the left edge) to the right edge.
    public struct Rule: Sendable {
        public var name: String
        public var color: String
        public var y: Double
        public var fromX: Double?
        /// An SVG dash pattern.
        public var dash: String
        public init(name: String, color: String, y: Double, fromX: Double? = nil, dash: String = "2 4") {
            (self.name, self.color, self.y, self.fromX, self.dash) = (name, color, y, fromX, dash)
        }
    }

    /// A thin dashed line through given points, without markers or error bars: a bound that
    /// changes along x, such as a bandwidth floor per batch size.
    public struct Guide: Sendable {
        public var name: String
        public var color: String
        public var points: [Point]
        /// An SVG dash pattern.
        public var dash: String
        /// Drawn as steps: each point's value holds up to the next point's x, where a vertical
        /// segment joins the two levels (a floor is constant within a cache level and jumps
        /// between levels; a diagonal would invent values in between). A single point is a
        /// short horizontal mark.
        public var steps: Bool
        public init(name: String, color: String, points: [Point], dash: String = "2 4", steps: Bool = false) {
            (self.name, self.color, self.points, self.dash, self.steps) = (name, color, points, dash, steps)
        }
    }

    public var title: String
    public var subtitle: String
    public var xLabel: String
    public var yLabel: String
    public var xScale: Scale
    public var yScale: Scale
    public var series: [Series]
    public var rules: [Rule]
    public var guides: [Guide]
    /// Force the y range to include these values (e.g. 0 and 1 for a speedup chart).
    public var yInclude: [Double]
    /// Label x ticks as sizes (16, 1K, 4M) instead of plain numbers.
    public var xTicksAsSizes: Bool
    /// A line at the bottom of the image naming where the figures come from (the run's date,
    /// commit and machine); none when empty.
    public var footer = ""
    /// A heading in the legend above the guides (e.g. that they are bounds, not measurements);
    /// none when empty.
    public var guidesLegendTitle = ""

    public var width = 980.0
    public var height = 500.0

    public init(title: String, subtitle: String = "", xLabel: String, yLabel: String,
                xScale: Scale, yScale: Scale, series: [Series], rules: [Rule] = [], guides: [Guide] = [],
                yInclude: [Double] = [], xTicksAsSizes: Bool = false) {
        (self.guides, self.title, self.subtitle, self.xLabel, self.yLabel) = (guides, title, subtitle, xLabel, yLabel)
        (self.xScale, self.yScale, self.series, self.rules) = (xScale, yScale, series, rules)
        (self.yInclude, self.xTicksAsSizes) = (yInclude, xTicksAsSizes)
    }

    // Plot area inside the image.
    var plotLeft: Double { 80 }
    var plotTop: Double { subtitle.isEmpty ? 48 : 50 + 15 * Double(Self.wrap(subtitle, width: Int((width - plotLeft - 20) / 6.6)).count) }
    var plotRight: Double { width - 300 }
    var plotBottom: Double { height - (footer.isEmpty ? 62 : 74) }

    /// The SVG document.
    public func render() -> String {
        let xs = series.flatMap { $0.points.map(\.x) }
        let xRange = Self.range(xs.isEmpty ? [1, 10] : xs, scale: xScale, pad: false)
        // A rule that starts beyond the data is not drawn, not in the legend, not in the range.
        let rules = self.rules.filter { ($0.fromX ?? xRange.lowerBound) < xRange.upperBound }
        var ys = series.flatMap { s in s.points.flatMap { [$0.y, $0.low, $0.high].compactMap { $0 } } }
        ys += rules.map(\.y) + guides.flatMap { $0.points.map(\.y) } + yInclude
        let yRange = Self.range(ys.isEmpty ? [1, 10] : ys, scale: yScale, pad: true)
        let xTicks = Self.ticks(xRange, scale: xScale, sizes: xTicksAsSizes)
        let yTicks = Self.ticks(yRange, scale: yScale, sizes: false)

        func px(_ x: Double) -> Double {
            plotLeft + (plotRight - plotLeft) * Self.fraction(x, in: xRange, scale: xScale)
        }
        func py(_ y: Double) -> Double {
            plotBottom - (plotBottom - plotTop) * Self.fraction(y, in: yRange, scale: yScale)
        }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }

        var svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
        <rect x="0" y="0" width="\(Int(width))" height="\(Int(height))" fill="white"/>
        <text x="\(f(plotLeft))" y="26" font-size="17" font-weight="bold">\(Self.escape(title))</text>

        """
        // The subtitle, wrapped to the image width (about 6.6 px per character at 12 px).
        let subtitleLines = Self.wrap(subtitle, width: Int((width - plotLeft - 20) / 6.6))
        for (index, line) in subtitleLines.enumerated() {
            svg += "<text class=\"subtitle\" x=\"\(f(plotLeft))\" y=\"\(f(44 + 15 * Double(index)))\" font-size=\"12\" fill=\"#555\">\(Self.escape(line))</text>\n"
        }
        // Grid and ticks.
        svg += "<g class=\"grid\" stroke=\"#e3e3e3\" stroke-width=\"1\">\n"
        for tick in xTicks { svg += "<line x1=\"\(f(px(tick.value)))\" y1=\"\(f(plotTop))\" x2=\"\(f(px(tick.value)))\" y2=\"\(f(plotBottom))\"/>\n" }
        for tick in yTicks { svg += "<line x1=\"\(f(plotLeft))\" y1=\"\(f(py(tick.value)))\" x2=\"\(f(plotRight))\" y2=\"\(f(py(tick.value)))\"/>\n" }
        svg += "</g>\n"
        svg += "<rect x=\"\(f(plotLeft))\" y=\"\(f(plotTop))\" width=\"\(f(plotRight - plotLeft))\" height=\"\(f(plotBottom - plotTop))\" fill=\"none\" stroke=\"#333\" stroke-width=\"1\"/>\n"
        svg += "<g class=\"x-ticks\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\">\n"
        for tick in xTicks {
            svg += "<line x1=\"\(f(px(tick.value)))\" y1=\"\(f(plotBottom))\" x2=\"\(f(px(tick.value)))\" y2=\"\(f(plotBottom + 5))\" stroke=\"#333\"/>"
            svg += "<text x=\"\(f(px(tick.value)))\" y=\"\(f(plotBottom + 19))\">\(Self.escape(tick.label))</text>\n"
        }
        svg += "</g>\n<g class=\"y-ticks\" font-size=\"12\" text-anchor=\"end\" fill=\"#222\">\n"
        for tick in yTicks {
            svg += "<line x1=\"\(f(plotLeft - 5))\" y1=\"\(f(py(tick.value)))\" x2=\"\(f(plotLeft))\" y2=\"\(f(py(tick.value)))\" stroke=\"#333\"/>"
            svg += "<text x=\"\(f(plotLeft - 8))\" y=\"\(f(py(tick.value) + 4))\">\(Self.escape(tick.label))</text>\n"
        }
        svg += "</g>\n"
        // Axis labels.
        svg += "<text class=\"x-label\" x=\"\(f((plotLeft + plotRight) / 2))\" y=\"\(f(plotBottom + 44))\" font-size=\"13\" text-anchor=\"middle\">\(Self.escape(xLabel))</text>\n"
        svg += "<text class=\"y-label\" x=\"0\" y=\"0\" font-size=\"13\" text-anchor=\"middle\" transform=\"translate(22,\(f((plotTop + plotBottom) / 2))) rotate(-90)\">\(Self.escape(yLabel))</text>\n"

        // Rules, then series (so the data draws on top).
        for rule in rules {
            let start = px(max(rule.fromX ?? xRange.lowerBound, xRange.lowerBound))
            svg += "<g class=\"rule\" data-name=\"\(Self.escape(rule.name))\">"
            svg += "<line x1=\"\(f(start))\" y1=\"\(f(py(rule.y)))\" x2=\"\(f(plotRight))\" y2=\"\(f(py(rule.y)))\" stroke=\"\(rule.color)\" stroke-width=\"1.6\" stroke-dasharray=\"\(rule.dash)\"/>"
            svg += "</g>\n"
        }
        for guide in guides {
            let points = guide.points.sorted { $0.x < $1.x }
            guard !points.isEmpty else { continue }
            let path: String
            if !guide.steps {
                path = points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f(px($0.element.x))) \(f(py($0.element.y)))" }.joined()
            } else if points.count == 1 {
                path = "M\(f(px(points[0].x) - 12)) \(f(py(points[0].y)))H\(f(px(points[0].x) + 12))"
            } else {
                path = "M\(f(px(points[0].x))) \(f(py(points[0].y)))"
                    + points.dropFirst().map { "H\(f(px($0.x)))V\(f(py($0.y)))" }.joined()
            }
            svg += "<g class=\"guide\" data-name=\"\(Self.escape(guide.name))\">"
            svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(guide.color)\" stroke-width=\"1.6\" stroke-dasharray=\"\(guide.dash)\"/>"
            svg += "</g>\n"
        }
        for (seriesIndex, s) in series.enumerated() {
            let points = s.points.sorted { $0.x < $1.x }
            guard !points.isEmpty else { continue }
            // Error bars of different series at the same x sit side by side.
            let barOffset = (Double(seriesIndex) - Double(series.count - 1) / 2) * 3
            let dash = s.dashed ? " stroke-dasharray=\"7 4\"" : ""
            svg += "<g class=\"series\" data-name=\"\(Self.escape(s.name))\">\n"
            for p in points where p.low != nil || p.high != nil {
                let low = py(p.low ?? p.y), high = py(p.high ?? p.y), x = px(p.x) + barOffset
                svg += "<path d=\"M\(f(x)) \(f(low))V\(f(high))M\(f(x - 3)) \(f(low))h6M\(f(x - 3)) \(f(high))h6\" stroke=\"\(s.color)\" stroke-width=\"1\" fill=\"none\" opacity=\"0.7\"/>\n"
            }
            let path = points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(f(px($0.element.x))) \(f(py($0.element.y)))" }.joined()
            svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dash)/>\n"
            for p in points {
                svg += "<circle cx=\"\(f(px(p.x)))\" cy=\"\(f(py(p.y)))\" r=\"3\" fill=\"\(s.color)\"><title>\(Self.escape(s.name)): \(Self.escape(Self.label(p.y)))</title></circle>\n"
            }
            svg += "</g>\n"
        }

        // Legend, to the right of the plot.
        var legendY = plotTop + 8
        let legendX = plotRight + 20
        svg += "<g class=\"legend\" font-size=\"12\" fill=\"#222\">\n"
        for s in series {
            let dash = s.dashed ? " stroke-dasharray=\"7 4\"" : ""
            svg += "<line x1=\"\(f(legendX))\" y1=\"\(f(legendY))\" x2=\"\(f(legendX + 28))\" y2=\"\(f(legendY))\" stroke=\"\(s.color)\" stroke-width=\"2\"\(dash)/>"
            svg += "<circle cx=\"\(f(legendX + 14))\" cy=\"\(f(legendY))\" r=\"3\" fill=\"\(s.color)\"/>"
            svg += "<text x=\"\(f(legendX + 36))\" y=\"\(f(legendY + 4))\">\(Self.escape(s.name))</text>\n"
            legendY += 22
        }
        let shownGuides = guides.filter { !$0.points.isEmpty }
        func legendLine(_ name: String, _ color: String, _ dash: String) {
            svg += "<line x1=\"\(f(legendX))\" y1=\"\(f(legendY))\" x2=\"\(f(legendX + 28))\" y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"1.6\" stroke-dasharray=\"\(dash)\"/>"
            svg += "<text x=\"\(f(legendX + 36))\" y=\"\(f(legendY + 4))\">\(Self.escape(name))</text>\n"
            legendY += 22
        }
        for rule in rules { legendLine(rule.name, rule.color, rule.dash) }
        if !shownGuides.isEmpty && !guidesLegendTitle.isEmpty {
            legendY += 4
            svg += "<text class=\"legend-title\" x=\"\(f(legendX))\" y=\"\(f(legendY + 4))\" font-style=\"italic\">\(Self.escape(guidesLegendTitle))</text>\n"
            legendY += 22
        }
        for guide in shownGuides { legendLine(guide.name, guide.color, guide.dash) }
        svg += "</g>\n"
        if !footer.isEmpty {
            svg += "<text class=\"footer\" x=\"8\" y=\"\(f(height - 8))\" font-size=\"11\" fill=\"#555\">\(Self.escape(footer))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    // MARK: Scales and ticks

    struct Tick { var value: Double; var label: String }

    static func fraction(_ value: Double, in range: ClosedRange<Double>, scale: Scale) -> Double {
        switch scale {
        case .linear: return (value - range.lowerBound) / (range.upperBound - range.lowerBound)
        case .log: return (log10(value) - log10(range.lowerBound)) / (log10(range.upperBound) - log10(range.lowerBound))
        }
    }

    /// The axis range: data bounds widened to a tick (log: a 1-2-5 step or a power of two for
    /// sizes; linear: a nice step), so that no point sits on the frame.
    static func range(_ values: [Double], scale: Scale, pad: Bool) -> ClosedRange<Double> {
        switch scale {
        case .log:
            let positive = values.filter { $0 > 0 && $0.isFinite }
            var low = positive.min() ?? 1, high = positive.max() ?? 10
            if pad {
                low = niceLogBelow(low / 1.15)
                high = niceLogAbove(high * 1.15)
            } else {
                low /= 1.25
                high *= 1.25
            }
            if high <= low { high = low * 10 }
            return low...high
        case .linear:
            var low = values.min() ?? 0, high = values.max() ?? 1
            if high <= low { high = low + 1 }
            let step = niceStep((high - low) / 6)
            low = (low / step).rounded(.down) * step
            high = (high / step).rounded(.up) * step
            if pad && high == values.max() { high += step }
            return low...high
        }
    }

    static func niceLogBelow(_ value: Double) -> Double {
        let decade = pow(10, floor(log10(value)))
        for m in [5.0, 2, 1] where m * decade <= value { return m * decade }
        return decade
    }

    static func niceLogAbove(_ value: Double) -> Double {
        let decade = pow(10, floor(log10(value)))
        for m in [1.0, 2, 5, 10] where m * decade >= value { return m * decade }
        return 10 * decade
    }

    static func niceStep(_ raw: Double) -> Double {
        let decade = pow(10, floor(log10(raw)))
        for m in [1.0, 2, 2.5, 5, 10] where m * decade >= raw { return m * decade }
        return 10 * decade
    }

    static func ticks(_ range: ClosedRange<Double>, scale: Scale, sizes: Bool) -> [Tick] {
        switch scale {
        case .log where sizes:
            // Powers of two, thinned to keep at most ~11 labels (every power of 4, 16...).
            let lowExponent = Int(ceil(log2(range.lowerBound))), highExponent = Int(floor(log2(range.upperBound)))
            var stride = 1
            while (highExponent - lowExponent) / stride > 11 { stride *= 2 }
            var exponents = Array(Swift.stride(from: lowExponent, through: highExponent, by: 1)).filter { $0 % stride == 0 }
            if exponents.isEmpty { exponents = [lowExponent] }
            return exponents.map { Tick(value: pow(2, Double($0)), label: sizeLabel(1 << $0)) }
        case .log:
            let lowDecade = Int(floor(log10(range.lowerBound))), highDecade = Int(ceil(log10(range.upperBound)))
            let decades = highDecade - lowDecade
            let multipliers: [Double] = decades <= 2 ? [1, 2, 5] : (decades <= 4 ? [1, 3] : [1])
            var ticks: [Tick] = []
            for decade in lowDecade...highDecade {
                for m in multipliers {
                    let value = m * pow(10, Double(decade))
                    if value >= range.lowerBound * 0.999 && value <= range.upperBound * 1.001 {
                        ticks.append(Tick(value: value, label: label(value)))
                    }
                }
            }
            return ticks
        case .linear:
            let step = niceStep((range.upperBound - range.lowerBound) / 6)
            var ticks: [Tick] = []
            var value = (range.lowerBound / step).rounded(.up) * step
            while value <= range.upperBound + step * 1e-9 {
                ticks.append(Tick(value: value, label: label(value)))
                value += step
            }
            return ticks
        }
    }

    /// 16, 1K, 256K, 4M.
    public static func sizeLabel(_ size: Int) -> String { Units.size(size) }

    /// A tick value without trailing zeros: 0.05, 0.5, 2, 2.5, 1000.
    static func label(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) >= 1e5 || abs(value) < 1e-3 { return String(format: "%g", value) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Splits `text` into lines of at most `width` characters at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
