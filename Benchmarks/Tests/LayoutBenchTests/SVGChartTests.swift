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

    @Test func floorLineFollowsTheFloorOfEverySizeInSteps() {
        // A report with cache bandwidth has a floor at every size: the line goes through each,
        // as steps (horizontal, then vertical at the next size), never diagonally.
        var report = sampleReport()
        for index in report.rows.indices where report.rows[index].variant == "kernel" {
            report.rows[index].floorNsPerControl = report.rows[index].size < 1_000_000 ? 0.5 : 83.0 / 20
        }
        let chart = SVGCollector.parse(ReportWriter.nsChart(report, kernel: "button-content", precision: "Float").render())
        let floors = chart.elements.filter { $0.name == "path" && $0.attributes["stroke-dasharray"] == "5 3" }
        #expect(floors.count == 2)
        for floor in floors {
            let path = floor.attributes["d"] ?? ""
            #expect(path.filter { $0 == "M" }.count == 1 && !path.contains("L"), "\(path)")
            #expect(path.filter { $0 == "H" }.count == 1 && path.filter { $0 == "V" }.count == 1, "\(path)")
            // Grey, unlike every kernel line.
            let stroke = floor.attributes["stroke"] ?? ""
            #expect(stroke.count == 7 && stroke.dropFirst(1).prefix(2) == stroke.dropFirst(3).prefix(2)
                    && stroke.dropFirst(3).prefix(2) == stroke.dropFirst(5).prefix(2), "not grey: \(stroke)")
        }
        // The kernel lines are neither grey nor dashed like a floor.
        let kernelStrokes = Set(chart.elements.filter { $0.name == "path" && $0.attributes["stroke-width"] == "2" }.compactMap { $0.attributes["stroke"] })
        #expect(kernelStrokes.isDisjoint(with: Set(floors.compactMap { $0.attributes["stroke"] })))
        // The legend says the dashed grey lines are floors, not timings.
        #expect(chart.texts.contains { $0.contains("floors") && $0.contains("not timings") })
    }

    @Test func aFloorOfOneSizeIsAShortHorizontalMark() {
        // sampleReport has a floor at 4M only.
        let chart = SVGCollector.parse(ReportWriter.nsChart(sampleReport(), kernel: "button-content", precision: "Float").render())
        let floors = chart.elements.filter { $0.name == "path" && $0.attributes["stroke-dasharray"] == "5 3" }
        #expect(floors.count == 2)
        for floor in floors {
            let path = floor.attributes["d"] ?? ""
            #expect(path.hasPrefix("M") && path.filter { $0 == "H" }.count == 1 && !path.contains("L") && !path.contains("V"), "\(path)")
        }
    }

    @Test func everyChartNamesItsRunDateCommitAndMachine() {
        var report = sampleReport()
        report.build.commit = "0123456789ab"
        for (name, chart) in ReportWriter.charts(report) {
            let parsed = SVGCollector.parse(chart.render())
            let footers = parsed.elements.filter { $0.name == "text" && $0.attributes["class"] == "footer" }
            #expect(footers.count == 1, "\(name)")
            let footer = parsed.texts.first { $0.hasPrefix("Run of ") } ?? ""
            for part in ["2025-01-01T00:00:00Z", "commit 0123456789ab", "Test CPU <&>", "2 cores"] {
                #expect(footer.contains(part), "\(name): \(footer)")
            }
        }
        // A report without a commit (written before it was recorded) says so.
        let old = SVGCollector.parse(ReportWriter.speedupChart(sampleReport(), kernel: "button-content").render())
        #expect(old.texts.contains { $0.hasPrefix("Run of ") && $0.contains("commit unknown") })
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
