import UVCore

/// What uvctl says when the uvd it talks to is another version than itself.
enum VersionSkew {
    static func sentence(running: String, installed: String) -> String {
        tr("uvd %1$@ runs, %2$@ is installed: systemctl --user restart uvd (or start the new uvd in its terminal)", running, installed)
    }
}
