import SegueBackend
import SegueWayland

/// The clipboard and the primary selection, shared with the backend's seat
/// (a nested Segue's parent session): what a client here selects is offered
/// there, and what is selected there may be pasted here.
extension Input {
    func shareSelections(of seat: Seat) {
        for kind in [SelectionKind.clipboard, .primary] {
            selection(kind, of: seat).clientSelected = { [unowned self] selected in
                compositor.backend.offer(selected.map { SelectionOffer(mimeTypes: $0.mimeTypes, write: $0.write) }, as: kind)
            }
        }
    }

    func backendSelected(_ offer: SelectionOffer?, as kind: SelectionKind) {
        guard let seat else { return }
        if let offer {
            selection(kind, of: seat).selectForeign(mimeTypes: offer.mimeTypes, read: offer.write)
        } else {
            selection(kind, of: seat).clearForeign()
        }
    }

    private func selection(_ kind: SelectionKind, of seat: Seat) -> Clipboard {
        switch kind {
        case .clipboard: seat.clipboard
        case .primary: seat.primarySelection
        }
    }
}
