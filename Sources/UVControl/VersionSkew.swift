import UVCore

/// What uvctl says when the uvd it talks to is another version than itself.
enum VersionSkew {
    /// The sentence for a uvd running `running` while this uvctl is `installed`; nil when they
    /// are one version.
    static func sentence(running: String, installed: String = UVDVersion.string) -> String? {
        guard running != installed else { return nil }
        return tr(
            "uvd %1$@ runs, %2$@ is installed: systemctl --user restart uvd (or start the new uvd in its terminal)", running, installed)
    }
}
