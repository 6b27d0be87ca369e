/// Segue's version, as `segue --version` and libsegue's `segue_version()` say it.
public enum SegueVersion {
    public static let text = "0.5.0"
}
