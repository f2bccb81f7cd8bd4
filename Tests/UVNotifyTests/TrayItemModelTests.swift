import Testing
import UVBus

@testable import UVNotify

/// The tray item's answers, driven directly: typed calls in, typed replies out, no bus.
@Suite struct TrayItemModelTests {
    /// GLib is opened first, as every path of the daemon's to it opens it (`DesktopLibraries`).
    init() throws { try #require(DesktopLibraries.problem == nil) }

    static let content = TrayContent(
        title: "uvd: UV 7", status: .needsAttention, tooltipTitle: "UV 7 — very high", tooltipText: "Mia burns first: about 9 min",
        menu: [
            .init(id: 1, label: "Applied sunscreen"), .init(id: 2, label: ""),
            .init(id: 3, label: "Quiet for an hour\nthen alerts", enabled: false),
        ])

    private func model() -> TrayItemModel {
        var model = TrayItemModel()
        _ = model.show(Self.content)
        return model
    }

    @Test func itRegistersOnlyOnceTextsAndIconAreSet() {
        var model = TrayItemModel()
        #expect(!model.isComplete)
        #expect(model.show(Self.content) == [.newTitle, .newStatus("NeedsAttention"), .newToolTip, .layoutUpdated(2)])
        #expect(!model.isComplete)
        #expect(model.show(icon: []) == [.newIcon, .newAttentionIcon])
        #expect(model.isComplete)
        #expect(model.show(Self.content) == [], "nothing changed, nothing is signalled")
    }

    @Test func theIconIsTheThemesNameUntilTheWheelIsDrawn() {
        var model = model()
        _ = model.show(icon: [])
        #expect(model.itemProperty("IconName") == .string("uvd"))
        _ = model.show(icon: [TrayContent.Pixmap(size: 1, argb: [255, 1, 2, 3])])
        #expect(model.itemProperty("IconName") == .string(""))
        #expect(model.itemProperty("IconPixmap") == .array(element: "(iiay)", [.tuple([.int32(1), .int32(1), .bytes([255, 1, 2, 3])])]))
        #expect(model.itemProperty("ToolTip")?[3] == .string("Mia burns first: about 9 min"))
        #expect(model.itemProperty("NoSuchProperty") == nil)
    }

    /// Each menu item is a typed value: a label with a line break stays one label, whole.
    @Test func theLayoutHasEveryItemWhole() throws {
        let call = try #require(
            MenuCall(
                BusMethodCall(
                    sender: ":1.9", interface: "com.canonical.dbusmenu", member: "GetLayout",
                    arguments: [.int32(0), .int32(-1), .array(element: "s", [])])))
        #expect(call == .getLayout(parent: 0, properties: []))
        let (reply, clicked) = model().answer(call)
        guard case .values(let values) = reply else {
            Issue.record("no layout")
            return
        }
        #expect(clicked.isEmpty && values[0] == .uint32(2))
        let children = try #require(values[1][2]?.items)
        #expect(children.count == 3)
        #expect(
            children[2].unboxed[1]
                == .properties([
                    ("label", .string("Quiet for an hour\nthen alerts")), ("enabled", .boolean(false)), ("visible", .boolean(true)),
                ]))
        #expect(children[1].unboxed[1] == .properties([("type", .string("separator")), ("visible", .boolean(true))]))
    }

    @Test func clicksAreReportedOnlyForItemsThatExist() throws {
        let model = model()
        let group = BusMethodCall(
            sender: ":1.9", interface: "com.canonical.dbusmenu", member: "EventGroup",
            arguments: [
                .array(
                    element: "(isvu)",
                    [
                        .tuple([.int32(1), .string("clicked"), .variant(.int32(0)), .uint32(0)]),
                        .tuple([.int32(9), .string("clicked"), .variant(.int32(0)), .uint32(0)]),
                        .tuple([.int32(3), .string("hovered"), .variant(.int32(0)), .uint32(0)]),
                    ])
            ])
        let (reply, clicked) = model.answer(try #require(MenuCall(group)))
        #expect(clicked == [1])
        #expect(reply == .values([.array(element: "i", [.int32(9)])]))
        let root = model.answer(.event(.init(id: 0, name: "clicked")))
        #expect(root.clicked.isEmpty)
    }

    @Test func anUnknownPropertyIsTheMenusOwnError() {
        let (reply, _) = model().answer(.getProperty(id: 1, name: "icon-name"))
        #expect(reply == .error(name: "com.canonical.dbusmenu.UnknownProperty", message: "icon-name"))
        #expect(model().answer(.getProperty(id: 1, name: "label")).reply == .values([.variant(.string("Applied sunscreen"))]))
    }

    @Test func anUnknownMethodIsNoCall() {
        #expect(MenuCall(BusMethodCall(sender: "", interface: "com.canonical.dbusmenu", member: "Explode", arguments: [])) == nil)
    }

    @Test func theDescriptionIsValid() {
        #expect(BusInterfaces(xml: TrayItemModel.interfaces) != nil)
    }
}
