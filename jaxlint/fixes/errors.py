"""Why a fix is not built: light, so that fixes built without libcst do not import it."""


class FixError(Exception):
    """The fix cannot be built for this finding (a reason for the report)."""


class NeedsTree(Exception):
    """The text-level builder cannot make this fix: the libcst builder of the rule may."""
