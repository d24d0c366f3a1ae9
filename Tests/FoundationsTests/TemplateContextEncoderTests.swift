import Foundation
import Foundations
import Testing

/// A template reads what `TemplateContextEncoder` makes of a view-model; it must be what the JSON
/// twin's encoder writes, read back by `JSONSerialization`, for every shape a view-model has.
@Suite struct TemplateContextEncoderTests {
    enum Style: String, Encodable { case heart, star }

    struct Row: ListItemViewModel {
        let name: String
        let count: Int32
        let isOn: Bool
    }

    struct Shapes: Encodable {
        let text = "a \"quoted\" <b>&</b> ünïcode 朋友圈"
        let whole = 3.0
        let fraction = 0.1
        let negative = -42
        let big = UInt64.max
        let small: UInt8 = 7
        let flag = false
        let absent: String? = nil
        let present: String? = "here"
        let style = Style.star
        let date = Date(timeIntervalSince1970: 1_764_400_000)
        let url = URL(string: "https://example.com/a?b=c&d=e")!
        let bytes = Data([0, 1, 2, 250])
        let nested = [["x": 1], ["y": 2]]
        let byName = ["b": [1.5, 2.0], "a": []]
        let optionals: [Int?] = [1, nil, 3]
        let sections = [ListSection(title: "Rows", items: [Row(name: "one", count: 1, isOn: true)], footer: nil),
                        ListSection(title: "", items: [], footer: "Nothing yet")]
        let empty = [String: Int]()

        enum CodingKeys: String, CodingKey {
            case text, whole, fraction, negative, big, small, flag, absent, present, style, date, url, bytes, nested, byName, optionals,
                 sections, empty, explicitNil, custom
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(text, forKey: .text)
            try container.encode(whole, forKey: .whole)
            try container.encode(fraction, forKey: .fraction)
            try container.encode(negative, forKey: .negative)
            try container.encode(big, forKey: .big)
            try container.encode(small, forKey: .small)
            try container.encode(flag, forKey: .flag)
            try container.encodeIfPresent(absent, forKey: .absent)
            try container.encodeIfPresent(present, forKey: .present)
            try container.encode(style, forKey: .style)
            try container.encode(date, forKey: .date)
            try container.encode(url, forKey: .url)
            try container.encode(bytes, forKey: .bytes)
            try container.encode(nested, forKey: .nested)
            try container.encode(byName, forKey: .byName)
            try container.encode(optionals, forKey: .optionals)
            try container.encode(sections, forKey: .sections)
            try container.encode(empty, forKey: .empty)
            try container.encodeNil(forKey: .explicitNil)
            var custom = container.nestedUnkeyedContainer(forKey: .custom)
            try custom.encode(true)
            var inner = custom.nestedContainer(keyedBy: CodingKeys.self)
            try inner.encode(2.5, forKey: .fraction)
            var single = custom.superEncoder().singleValueContainer()
            try single.encode("last")
        }
    }

    /// Both trees written out the same way, to compare them whole.
    private func written(_ tree: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: tree, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    private func twin(_ value: some Encodable) throws -> Any {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try JSONSerialization.jsonObject(with: encoder.encode(value), options: [.fragmentsAllowed])
    }

    @Test func everyShape_isWhatTheJSONTwinReadsBackAs() throws {
        let value = Shapes()
        let tree = try TemplateContextEncoder().encode(value)
        #expect(try written(tree) == written(twin(value)))
        let object = try #require(tree as? [String: Any])
        #expect(object["absent"] == nil, "an absent optional is left out, so a template looks further up")
        #expect(object["explicitNil"] is NSNull)
        #expect("\(object["whole"] ?? "")" == "3", "printed as the twin writes it")
    }

    @Test func aTopLevelScalarAndArray_areTheirValues() throws {
        #expect(try written(TemplateContextEncoder().encode("text")) == written(twin("text")))
        #expect(try written(TemplateContextEncoder().encode([1, 2])) == written(twin([1, 2])))
    }

    /// A list's items reach a page's template as the HTML its drawer draws, not as their fields.
    @Test func aDrawer_inUserInfo_drawsEachItem() throws {
        struct Drawer: ListItemDrawer {
            func html(for item: any ListItemViewModel) throws -> String { "<li>\((item as? Row)?.name ?? "")</li>" }
        }
        var encoder = TemplateContextEncoder()
        encoder.userInfo[.listItemDrawer] = Drawer()
        let section = ListSection(title: "Rows", items: [Row(name: "one", count: 1, isOn: true), Row(name: "two", count: 2, isOn: false)])
        let tree = try #require(try encoder.encode(section) as? [String: Any])
        #expect(tree["items"] as? [String] == ["<li>one</li>", "<li>two</li>"])
    }
}
