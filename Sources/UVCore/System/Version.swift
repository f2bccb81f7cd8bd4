/// The release of uvd and uvctl.
public enum UVDVersion {
    public static let string = "0.5.0"
}
