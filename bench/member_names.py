"""Realistic Chinese member names for the members benchmark.

Surnames are weighted by their share of the population (approximate figures of the 2020 census
surname ranking), given names are one or two characters, so most names have two or three characters
and popular ones collide (张伟, 王芳) as they do in a real member base. A few compound surnames
(欧阳, 司马, ...) give four-character names, whose three-character pieces are fragments that are not
whole names (the benchmark needs those to exercise the fuzzy step)."""

from __future__ import annotations

import random
from itertools import accumulate

# (surname, share of the population in per mille), the top of the ranking plus a tail.
# fmt: off
SURNAMES: tuple[tuple[str, float], ...] = (
    ("王", 71.5), ("李", 70.0), ("张", 63.8), ("刘", 53.3), ("陈", 45.3), ("杨", 31.0), ("黄", 22.3),
    ("赵", 22.0), ("吴", 20.5), ("周", 20.0), ("徐", 13.3), ("孙", 12.8), ("马", 12.5), ("朱", 12.1),
    ("胡", 11.7), ("郭", 11.6), ("何", 11.2), ("林", 10.3), ("罗", 10.0), ("高", 9.9), ("郑", 8.4),
    ("梁", 8.3), ("谢", 7.9), ("宋", 7.4), ("唐", 7.3), ("许", 6.8), ("韩", 6.5), ("邓", 6.4),
    ("冯", 6.4), ("曹", 6.1), ("彭", 6.0), ("曾", 5.8), ("肖", 5.7), ("田", 5.6), ("董", 5.5),
    ("潘", 5.4), ("袁", 5.3), ("蔡", 5.1), ("蒋", 5.0), ("余", 5.0), ("于", 4.9), ("杜", 4.8),
    ("叶", 4.7), ("程", 4.7), ("魏", 4.5), ("苏", 4.4), ("吕", 4.3), ("丁", 4.2), ("任", 4.1),
    ("卢", 4.0), ("姚", 3.9), ("沈", 3.9), ("钟", 3.8), ("姜", 3.7), ("崔", 3.6), ("谭", 3.5),
    ("陆", 3.4), ("范", 3.3), ("汪", 3.3), ("廖", 3.2), ("石", 3.2), ("金", 3.1), ("韦", 3.0),
    ("贾", 3.0), ("夏", 2.9), ("付", 2.8), ("方", 2.8), ("邹", 2.6), ("熊", 2.6), ("白", 2.5),
    ("孟", 2.5), ("秦", 2.4), ("邱", 2.4), ("侯", 2.3), ("江", 2.3), ("尹", 2.2), ("薛", 2.2),
    ("闫", 2.1), ("段", 2.1), ("雷", 2.0), ("龙", 2.0), ("黎", 1.9), ("史", 1.9), ("陶", 1.8),
    ("贺", 1.8), ("毛", 1.7), ("郝", 1.7), ("顾", 1.6), ("龚", 1.6), ("邵", 1.5), ("万", 1.5),
    ("覃", 1.4), ("武", 1.4), ("钱", 1.3), ("戴", 1.3), ("严", 1.2), ("莫", 1.2), ("孔", 1.1),
    ("向", 1.1), ("常", 1.0), ("汤", 1.0), ("康", 1.0), ("易", 0.9), ("乔", 0.9), ("赖", 0.9),
    ("文", 0.9), ("施", 0.8), ("洪", 0.8), ("辛", 0.7), ("柯", 0.7), ("庄", 0.7), ("温", 0.7),
    # Compound surnames are rare, but they are where three-character fragments come from.
    ("欧阳", 0.9), ("司马", 0.5), ("上官", 0.5), ("诸葛", 0.4), ("东方", 0.4), ("慕容", 0.3),
    ("司徒", 0.4), ("夏侯", 0.3), ("皇甫", 0.3), ("尉迟", 0.2),
)
# fmt: on

# One-character given names, most popular first (伟, 芳 and friends make the famous collisions).
SINGLE_MALE = "伟强磊军勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林欢阳建峰亮成东"
SINGLE_FEMALE = "芳娜敏静丽艳娟霞秀玲燕红梅莉兰萍婷雪琳洁颖倩慧佳晶琴云丹璐瑶蕾薇楠"
# Two-character given names the way birth registers rank them, then free combinations.
POPULAR_MALE = (
    "浩然",
    "宇轩",
    "子轩",
    "浩宇",
    "俊杰",
    "子豪",
    "明轩",
    "梓豪",
    "一鸣",
    "博文",
    "志强",
    "建华",
    "建国",
    "国强",
    "海涛",
    "晓东",
    "文博",
    "天佑",
    "嘉豪",
    "思远",
    "家豪",
    "振宇",
    "立新",
    "永刚",
)
POPULAR_FEMALE = (
    "子涵",
    "欣怡",
    "梓涵",
    "诗涵",
    "雨桐",
    "一诺",
    "梓萱",
    "思琪",
    "佳怡",
    "紫涵",
    "雨涵",
    "可馨",
    "秀英",
    "桂英",
    "秀兰",
    "玉兰",
    "桂兰",
    "晓燕",
    "丽娟",
    "海燕",
    "美玲",
    "雅婷",
    "静怡",
    "梦瑶",
)
FIRST_MALE = "志建国文晓家俊子宇浩天明嘉振永海伟立承博思一德新少春长红云金世鸿泽"
SECOND_MALE = "华明强军平林杰涛宇轩豪辉鹏龙飞成伟峰斌文远航东刚勇超亮庆生昊然"
FIRST_FEMALE = "秀丽晓雅欣梓诗雨思佳美静玉海婉紫可梦若心语春凤冬慧小亚金碧彩"
SECOND_FEMALE = "英兰芳娟燕玲琪涵怡萱桐婷瑶琳霞敏丹颖洁雪慧萍红华梅珍莲霏妍蓉"

# About a fifth of adults have a one-character given name; the popular two-character ones are a
# minority next to free combinations.
SINGLE_GIVEN_SHARE = 0.22
POPULAR_SHARE = 0.12


def _zipf_weights(count: int) -> list[float]:
    # Popularity falls off with rank, more gently than 1/rank over such short lists.
    return list(accumulate(1.0 / (rank + 1) ** 0.5 for rank in range(count)))


class NameMaker:
    """Draws names from the weighted pools; deterministic for a given `random.Random`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.surnames = [name for name, _ in SURNAMES]
        self.surname_cum = list(accumulate(share for _, share in SURNAMES))
        self.single = {"1": SINGLE_MALE, "2": SINGLE_FEMALE}
        self.single_cum = {key: _zipf_weights(len(pool)) for key, pool in self.single.items()}
        self.popular = {"1": POPULAR_MALE, "2": POPULAR_FEMALE}
        self.popular_cum = {key: _zipf_weights(len(pool)) for key, pool in self.popular.items()}
        self.parts = {"1": (FIRST_MALE, SECOND_MALE), "2": (FIRST_FEMALE, SECOND_FEMALE)}

    def name(self, gender: str) -> str:
        """A full name for a member of `gender` ("1" male, "2" female, else either)."""
        rng = self.rng
        if gender not in ("1", "2"):
            gender = rng.choice("12")
        surname = rng.choices(self.surnames, cum_weights=self.surname_cum)[0]
        roll = rng.random()
        if roll < SINGLE_GIVEN_SHARE and len(surname) == 1:
            given = rng.choices(self.single[gender], cum_weights=self.single_cum[gender])[0]
        elif roll < SINGLE_GIVEN_SHARE + POPULAR_SHARE:
            given = rng.choices(self.popular[gender], cum_weights=self.popular_cum[gender])[0]
        else:
            first, second = self.parts[gender]
            given = rng.choice(first) + rng.choice(second)
        return surname + given
