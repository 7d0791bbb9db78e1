import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LayoutBench
import Testing

/// Collects elements, their attributes and text.
final class SVGCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    var texts: [String] = []
    var currentText = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append((name, attributes))
        currentText = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { currentText += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { texts.append(currentText) }
        currentText = ""
    }

    /// Parses `svg`; records an issue when it is not well-formed XML.
    static func parse(_ svg: String) -> SVGCollector {
        let collector = SVGCollector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        let ok = parser.parse()
        #expect(ok, "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        return collector
    }

    func seriesNames() -> [String] {
        elements.filter { $0.name == "g" && $0.attributes["class"] == "series" }.compactMap { $0.attributes["data-name"] }
    }

    func guideNames() -> [String] {
        elements.filter { $0.name == "g" && $0.attributes["class"] == "guide" }.compactMap { $0.attributes["data-name"] }
    }

    func ruleNames() -> [String] {
        elements.filter { $0.name == "g" && $0.attributes["class"] == "rule" }.compactMap { $0.attributes["data-name"] }
    }
}

struct SVGChartTests {
    @Test func nsChartParsesAndHasItsSeries() {
        let report = sampleReport()
        let svg = ReportWriter.nsChart(report, kernel: "button-content", precision: "Float").render()
        let chart = SVGCollector.parse(svg)
        #expect(chart.elements.first?.name == "svg")
        #expect(chart.seriesNames() == ["reference (scalar, 1 thread)", "kernel, 1 thread", "kernel, 2 threads"])
        // A floor line per thread count through the rows' floors: here only 4M has one
        // (83 bytes at 20 GB/s: 4.15 ns).
        #expect(chart.guideNames() == ["floor, kernel 1t: 4.15 ns at 4M", "floor, kernel 2t: 4.15 ns at 4M"])
        #expect(chart.ruleNames().isEmpty)
        #expect(chart.texts.contains("floor, kernel 1t: 4.15 ns at 4M"))
        // Axis labels with units, and size ticks.
        #expect(chart.texts.contains("controls per batch (N, log scale)"))
        #expect(chart.texts.contains("time per control (ns, log scale)"))
        #expect(chart.texts.contains("1K") && chart.texts.contains("4M"))
        // One marker per point: 2 sizes x 3 series.
        #expect(chart.elements.filter { $0.name == "circle" }.count >= 6)
    }

    @Test func floorLineFollowsTheFloorOfEverySize() {
        // A report with cache bandwidth has a floor at every size: the line goes through each.
        var report = sampleReport()
        for index in report.rows.indices where report.rows[index].variant == "kernel" {
            report.rows[index].floorNsPerControl = report.rows[index].size < 1_000_000 ? 0.5 : 83.0 / 20
        }
        let chart = SVGCollector.parse(ReportWriter.nsChart(report, kernel: "button-content", precision: "Float").render())
        let guides = chart.elements.filter { $0.name == "path" && $0.attributes["stroke-dasharray"] == "5 3" }
        #expect(guides.count == 2)
        for guide in guides {
            let path = guide.attributes["d"] ?? ""
            #expect(path.filter { $0 == "M" }.count == 1 && path.filter { $0 == "L" }.count == 1, "\(path)")
        }
    }

    @Test func speedupChartHasOneSeriesPerPrecisionAndThreadCount() {
        let chart = SVGCollector.parse(ReportWriter.speedupChart(sampleReport(), kernel: "button-content").render())
        #expect(chart.seriesNames() == ["Float, 1 thread", "Float, 2 threads", "Double, 1 thread", "Double, 2 threads"])
        #expect(chart.ruleNames() == ["no speedup (1x)"])
        #expect(chart.texts.contains("speedup (reference time / kernel time)"))
        // The y axis starts at 0.
        #expect(chart.texts.contains("0"))
    }

    @Test func textIsEscaped() {
        let chart = SVGChart(
            title: "a < b & c", xLabel: "x \"quoted\"", yLabel: "y", xScale: .linear, yScale: .log,
            series: [.init(name: "<series & co>", color: "#000", points: [.init(x: 1, y: 1), .init(x: 2, y: 100)])])
        let parsed = SVGCollector.parse(chart.render())
        #expect(parsed.seriesNames() == ["<series & co>"])
        #expect(parsed.texts.contains("a < b & c"))
    }

    @Test func logTicksAreReadable() {
        let chart = SVGChart(title: "t", xLabel: "x", yLabel: "y", xScale: .log, yScale: .log,
                             series: [.init(name: "s", color: "#000", points: [.init(x: 16, y: 0.8), .init(x: 4_194_304, y: 60)])],
                             xTicksAsSizes: true)
        let texts = SVGCollector.parse(chart.render()).texts
        for label in ["16", "64", "256", "1K", "4K", "16K", "64K", "256K", "1M", "4M"] {
            #expect(texts.contains(label), "missing x tick \(label)")
        }
        for label in ["1", "10"] { #expect(texts.contains(label), "missing y tick \(label)") }
    }
}
