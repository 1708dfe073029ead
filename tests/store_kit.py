"""What the store tests share: a moment to date things at, and a review card the scheduler can read."""

import json
from datetime import UTC, datetime

import fsrs

T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
CARD = json.dumps(fsrs.Card(card_id=1, due=T0).to_dict())
