import UVCore
import UVEngine

/// Why a rule held something, in words: what `uvctl history` and `uvctl simulate` say.
enum HoldReasonText {
    static func text(_ reason: HoldReason) -> String {
        switch reason {
        case .inside: tr("in: shown in the tray")
        case .noUVAhead: tr("no UV ahead")
        }
    }
}
