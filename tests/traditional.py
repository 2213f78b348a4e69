"""The Traditional Chinese that mjscore writes: OpenCC's s2t of the Simplified text, with the one
mahjong word s2t gets wrong put right. s2t turns 么 (one, as in 么九 "terminals") into 麼, the
particle of 什麼: 断么 is 斷么 and 十三么 is 十三么 in Traditional, never 斷麼 or 十三麼."""

from __future__ import annotations

import opencc

_S2T = opencc.OpenCC("s2t").convert
#: The words whose 么 is the particle 麼 (什么 "what", 怎么 "how", 那么, 这么, 多么).
_PARTICLE_AFTER = set("什怎那这多")


def traditional(simplified: str) -> str:
    """``simplified`` in Traditional characters, as the rulesets and the label catalogue write it."""
    converted = _S2T(simplified)
    if len(converted) != len(simplified):  # s2t maps character for character; nothing to put back otherwise
        return converted
    return "".join("么" if now == "麼" and was == "么" and (i == 0 or simplified[i - 1] not in _PARTICLE_AFTER)
                   else now for i, (was, now) in enumerate(zip(simplified, converted, strict=True)))
