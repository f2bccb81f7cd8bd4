import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the process runs inside the sandbox its systemd unit asks for: a user namespace of
/// its own (`PrivateUsers=`, which a user manager needs for every mount option) and a read-only
/// home (`ProtectHome=read-only`). Where unprivileged user namespaces are restricted (Ubuntu
/// 24.04's AppArmor, `kernel.apparmor_restrict_unprivileged_userns=1`), a unit may start without
/// them; this says whether they applied.
public struct SandboxState: Sendable, Equatable {
    /// The process is in a user namespace other than the machine's initial one.
    public var ownUserNamespace: Bool
    /// The home directory is on a read-only mount, as `ProtectHome=read-only` makes it.
    public var homeReadOnly: Bool

    public init(ownUserNamespace: Bool, homeReadOnly: Bool) {
        self.ownUserNamespace = ownUserNamespace
        self.homeReadOnly = homeReadOnly
    }

    /// The state of this process, for the home directory `home`.
    public static func current(home: String) -> SandboxState {
        let uidMap = (try? String(contentsOfFile: "/proc/self/uid_map", encoding: .utf8)) ?? ""
        var info = statvfs()
        let readOnly = statvfs(home, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
        return SandboxState(ownUserNamespace: isOwnUserNamespace(uidMap: uidMap), homeReadOnly: readOnly)
    }

    /// The initial user namespace maps every id to itself in one line, `0 0 4294967295`
    /// (user_namespaces(7)); any other map is a namespace of its own. An unreadable map (no
    /// /proc) says nothing: taken as the initial one.
    static func isOwnUserNamespace(uidMap: String) -> Bool {
        let lines = uidMap.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        guard !lines.isEmpty else { return false }
        return !(lines.count == 1 && lines[0] == ["0", "0", "4294967295"])
    }
}
