import UVBus

/// A method of org.kde.StatusNotifierItem, as a host calls it.
enum ItemMethod: String, Equatable {
    case contextMenu = "ContextMenu"
    case activate = "Activate"
    case secondaryActivate = "SecondaryActivate"
    case scroll = "Scroll"
}

/// A method call of com.canonical.dbusmenu, with its arguments typed.
enum MenuCall: Equatable {
    case getLayout(parent: Int32, properties: [String])
    case getGroupProperties(ids: [Int32], properties: [String])
    case getProperty(id: Int32, name: String)
    case event(MenuEvent)
    case eventGroup([MenuEvent])
    case aboutToShow(Int32)
    case aboutToShowGroup([Int32])

    /// One event a host reports: which item, and what happened to it ("clicked", "hovered", …).
    struct MenuEvent: Equatable {
        var id: Int32
        var name: String
    }

    /// The call, or nil for a method the interface does not have (GDBus has already refused
    /// arguments of the wrong types).
    init?(_ call: BusMethodCall) {
        let arguments = call.arguments
        let ids = { (value: BusValue?) in value?.items?.compactMap(\.int32) ?? [] }
        let event = { (value: BusValue?) in
            value.flatMap { event in event[0]?.int32.map { MenuEvent(id: $0, name: event[1]?.string ?? "") } }
        }
        switch call.member {
        case "GetLayout": self = .getLayout(parent: arguments.first?.int32 ?? 0, properties: arguments.dropFirst(2).first?.strings ?? [])
        case "GetGroupProperties":
            self = .getGroupProperties(ids: ids(arguments.first), properties: arguments.dropFirst().first?.strings ?? [])
        case "GetProperty": self = .getProperty(id: arguments.first?.int32 ?? 0, name: arguments.dropFirst().first?.string ?? "")
        case "Event": self = .event(MenuEvent(id: arguments.first?.int32 ?? 0, name: arguments.dropFirst().first?.string ?? ""))
        case "EventGroup": self = .eventGroup(arguments.first?.items?.compactMap(event) ?? [])
        case "AboutToShow": self = .aboutToShow(arguments.first?.int32 ?? 0)
        case "AboutToShowGroup": self = .aboutToShowGroup(ids(arguments.first))
        default: return nil
        }
    }
}

/// A signal the item sends when what it shows changed.
enum TraySignal: Equatable {
    case newTitle
    case newStatus(String)
    case newToolTip
    case newIcon
    case newAttentionIcon
    /// dbusmenu's LayoutUpdated: the menu's new revision.
    case layoutUpdated(UInt32)
}

/// What the tray item shows and how it answers StatusNotifierItem's and dbusmenu's questions:
/// decisions only, no bus (`StatusNotifierItem` serves it).
struct TrayItemModel {
    private(set) var content = TrayContent(title: "uvd", status: .passive, tooltipTitle: "uvd", tooltipText: "", menu: [])
    private(set) var pixmaps: [TrayContent.Pixmap] = []
    /// The menu's layout revision, raised at each change.
    private(set) var revision: UInt32 = 1
    private var hasTexts = false
    private var hasIcon = false

    /// What it shows has been set once (the texts, and the icon: the wheel, or none to draw and
    /// the name "uvd"): a host reads every property as the item registers, so it registers only
    /// then, not with placeholders.
    var isComplete: Bool { hasTexts && hasIcon }

    /// Takes new texts and menu; the signals that say what changed.
    mutating func show(_ next: TrayContent) -> [TraySignal] {
        hasTexts = true
        var signals: [TraySignal] = []
        if next.title != content.title { signals.append(.newTitle) }
        if next.status != content.status { signals.append(.newStatus(next.status.rawValue)) }
        if next.tooltipTitle != content.tooltipTitle || next.tooltipText != content.tooltipText { signals.append(.newToolTip) }
        if next.menu != content.menu {
            revision &+= 1
            signals.append(.layoutUpdated(revision))
        }
        content = next
        return signals
    }

    /// Takes the icon at every size given (none: the theme's "uvd"); the signals for it.
    mutating func show(icon: [TrayContent.Pixmap]) -> [TraySignal] {
        hasIcon = true
        pixmaps = icon
        return [.newIcon, .newAttentionIcon]
    }

    // MARK: org.kde.StatusNotifierItem

    private static let noPixmaps = BusValue.array(element: "(iiay)", [])

    /// A property of the item; nil for one it does not have.
    func itemProperty(_ name: String) -> BusValue? {
        switch name {
        case "Category": .string("ApplicationStatus")
        case "Id": .string("uvd")
        case "Title": .string(content.title)
        case "Status": .string(content.status.rawValue)
        case "WindowId": .int32(0)
        case "IconThemePath": .string("")
        // While NeedsAttention, hosts draw the attention icon instead (GNOME's AppIndicator
        // extension with no fallback to the normal one): it is the day's wheel too. The name is
        // "uvd" only until the wheel is drawn: a host takes a name it can find in the icon theme
        // over the pixmap (KDE Plasma, GNOME's extension and waybar all do), and with uvd
        // installed the theme has "uvd", so the day would never show.
        case "IconName", "AttentionIconName": .string(pixmaps.isEmpty ? "uvd" : "")
        case "IconPixmap", "AttentionIconPixmap":
            .array(
                element: "(iiay)",
                pixmaps.map { .tuple([.int32(Int32(clamping: $0.size)), .int32(Int32(clamping: $0.size)), .bytes($0.argb)]) })
        // The KDE and Ayatana additions the AppIndicator extension asks for: what a screen reader says.
        case "IconAccessibleDesc", "AttentionAccessibleDesc": .string(content.title)
        case "OverlayIconName", "AttentionMovieName": .string("")
        case "OverlayIconPixmap": Self.noPixmaps
        case "ToolTip": .tuple([.string("uvd"), Self.noPixmaps, .string(content.tooltipTitle), .string(content.tooltipText)])
        case "ItemIsMenu": .boolean(false)
        case "Menu": .objectPath("/MenuBar")
        default: nil
        }
    }

    /// Whether an item call is a click on the icon (`Activate`, `SecondaryActivate`).
    static func isActivation(_ method: ItemMethod) -> Bool {
        method == .activate || method == .secondaryActivate
    }

    // MARK: com.canonical.dbusmenu

    /// A property of the menu as a whole.
    static func menuProperty(_ name: String) -> BusValue? {
        switch name {
        case "Version": .uint32(3)
        case "TextDirection": .string("ltr")
        case "Status": .string("normal")
        case "IconThemePath": .array(element: "s", [])
        default: nil
        }
    }

    /// The answer to a menu call, and the ids of the items it says were clicked.
    func answer(_ call: MenuCall) -> (reply: BusReply, clicked: [Int32]) {
        switch call {
        case .getLayout(let parent, let names):
            let layout =
                parent == 0
                ? node(0, names, children: content.menu.map { .variant(node($0.id, names, children: [])) })
                : node(parent, names, children: [])
            return (.values([.uint32(revision), layout]), [])
        case .getGroupProperties(let ids, let names):
            let known = ids.filter(hasItem)
            return (.values([.array(element: "(ia{sv})", known.map { .tuple([.int32($0), properties(of: $0, names)]) })]), [])
        case .getProperty(let id, let name):
            guard let value = entries(of: id, [name]).first(where: { $0.0 == name })?.1 else {
                return (.error(name: "com.canonical.dbusmenu.UnknownProperty", message: name), [])
            }
            return (.values([.variant(value)]), [])
        case .event(let event):
            return (.values([]), isClick(event) ? [event.id] : [])
        case .eventGroup(let events):
            let unknown = events.map(\.id).filter { !hasItem($0) }
            return (.values([.array(element: "i", unknown.map(BusValue.int32))]), events.filter(isClick).map(\.id))
        case .aboutToShow:
            return (.values([.boolean(false)]), [])
        case .aboutToShowGroup:
            return (.values([.array(element: "i", []), .array(element: "i", [])]), [])
        }
    }

    private func isClick(_ event: MenuCall.MenuEvent) -> Bool {
        event.name == "clicked" && event.id != 0 && hasItem(event.id)
    }

    private func hasItem(_ id: Int32) -> Bool {
        id == 0 || content.menu.contains { $0.id == id }
    }

    /// `(ia{sv}av)`: an item, its properties and its children.
    private func node(_ id: Int32, _ names: [String], children: [BusValue]) -> BusValue {
        .tuple([.int32(id), properties(of: id, names), .array(element: "v", children)])
    }

    private func properties(of id: Int32, _ names: [String]) -> BusValue {
        .properties(entries(of: id, names))
    }

    /// An item's properties: all of them, or those named (none named: all). The root (0) only
    /// says its children are a submenu; an empty label is a separator.
    private func entries(of id: Int32, _ names: [String]) -> [(String, BusValue)] {
        let all: [(String, BusValue)]
        if id == 0 {
            all = [("children-display", .string("submenu"))]
        } else if let entry = content.menu.first(where: { $0.id == id }) {
            all =
                (entry.label.isEmpty
                    ? [("type", .string("separator"))] : [("label", .string(entry.label)), ("enabled", .boolean(entry.enabled))])
                + [("visible", .boolean(true))]
        } else {
            all = []
        }
        return names.isEmpty ? all : all.filter { names.contains($0.0) }
    }

    /// The interfaces, as hosts introspect them.
    static let interfaces = """
        <node>
        <interface name='org.kde.StatusNotifierItem'>
        <property name='Category' type='s' access='read'/>
        <property name='Id' type='s' access='read'/>
        <property name='Title' type='s' access='read'/>
        <property name='Status' type='s' access='read'/>
        <property name='WindowId' type='i' access='read'/>
        <property name='IconThemePath' type='s' access='read'/>
        <property name='IconName' type='s' access='read'/>
        <property name='IconPixmap' type='a(iiay)' access='read'/>
        <property name='OverlayIconName' type='s' access='read'/>
        <property name='OverlayIconPixmap' type='a(iiay)' access='read'/>
        <property name='AttentionIconName' type='s' access='read'/>
        <property name='AttentionIconPixmap' type='a(iiay)' access='read'/>
        <property name='AttentionMovieName' type='s' access='read'/>
        <property name='IconAccessibleDesc' type='s' access='read'/>
        <property name='AttentionAccessibleDesc' type='s' access='read'/>
        <property name='ToolTip' type='(sa(iiay)ss)' access='read'/>
        <property name='ItemIsMenu' type='b' access='read'/>
        <property name='Menu' type='o' access='read'/>
        <method name='ContextMenu'><arg name='x' type='i' direction='in'/><arg name='y' type='i' direction='in'/></method>
        <method name='Activate'><arg name='x' type='i' direction='in'/><arg name='y' type='i' direction='in'/></method>
        <method name='SecondaryActivate'><arg name='x' type='i' direction='in'/><arg name='y' type='i' direction='in'/></method>
        <method name='Scroll'><arg name='delta' type='i' direction='in'/><arg name='orientation' type='s' direction='in'/></method>
        <signal name='NewTitle'/><signal name='NewIcon'/><signal name='NewAttentionIcon'/><signal name='NewOverlayIcon'/>
        <signal name='NewToolTip'/><signal name='NewStatus'><arg name='status' type='s'/></signal>
        </interface>
        <interface name='com.canonical.dbusmenu'>
        <property name='Version' type='u' access='read'/>
        <property name='TextDirection' type='s' access='read'/>
        <property name='Status' type='s' access='read'/>
        <property name='IconThemePath' type='as' access='read'/>
        <method name='GetLayout'><arg type='i' name='parentId' direction='in'/><arg type='i' name='recursionDepth' direction='in'/>
        <arg type='as' name='propertyNames' direction='in'/><arg type='u' name='revision' direction='out'/>
        <arg type='(ia{sv}av)' name='layout' direction='out'/></method>
        <method name='GetGroupProperties'><arg type='ai' name='ids' direction='in'/><arg type='as' name='propertyNames' direction='in'/>
        <arg type='a(ia{sv})' name='properties' direction='out'/></method>
        <method name='GetProperty'><arg type='i' name='id' direction='in'/><arg type='s' name='name' direction='in'/>
        <arg type='v' name='value' direction='out'/></method>
        <method name='Event'><arg type='i' name='id' direction='in'/><arg type='s' name='eventId' direction='in'/>
        <arg type='v' name='data' direction='in'/><arg type='u' name='timestamp' direction='in'/></method>
        <method name='EventGroup'><arg type='a(isvu)' name='events' direction='in'/><arg type='ai' name='idErrors' direction='out'/></method>
        <method name='AboutToShow'><arg type='i' name='id' direction='in'/><arg type='b' name='needUpdate' direction='out'/></method>
        <method name='AboutToShowGroup'><arg type='ai' name='ids' direction='in'/><arg type='ai' name='updatesNeeded' direction='out'/>
        <arg type='ai' name='idErrors' direction='out'/></method>
        <signal name='ItemsPropertiesUpdated'><arg type='a(ia{sv})' name='updatedProps'/><arg type='a(ias)' name='removedProps'/></signal>
        <signal name='LayoutUpdated'><arg type='u' name='revision'/><arg type='i' name='parent'/></signal>
        <signal name='ItemActivationRequested'><arg type='i' name='id'/><arg type='u' name='timestamp'/></signal>
        </interface>
        </node>
        """
}
