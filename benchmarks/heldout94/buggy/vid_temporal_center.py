"""Temporal centring of the latent clip before the temporal attention block."""
from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import enum
import functools
import itertools
import tomllib
from dataclasses import KW_ONLY, dataclass, field
from functools import cached_property, partial, singledispatch
from typing import Any, NamedTuple, Protocol, runtime_checkable

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- meshkit: the lab's small layout helpers (shared by every experiment script) -----------------


class Layout(NamedTuple):
    """Which mesh axis plays which role; `_replace` it to try another assignment."""

    batch: str
    model: str

    @property
    def axes(self) -> tuple[str, ...]:
        return tuple(self)


ACTIVE_LAYOUT: contextvars.ContextVar[Layout] = contextvars.ContextVar("active_layout")


@contextlib.contextmanager
def active(layout: Layout):
    token = ACTIVE_LAYOUT.set(layout)
    try:
        yield layout
    finally:
        ACTIVE_LAYOUT.reset(token)


class GatherTo(enum.StrEnum):
    VARYING = "varying"
    REDUCED = "reduced"
    INVARYING = "invarying"


def as_axes(value: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Config converter: "a,b" / ["a", "b"] / ("a",) -> a tuple of axis names."""
    match value:
        case str() if "," in value:
            return tuple(part.strip() for part in value.split(","))
        case str():
            return (value,)
        case [*names]:
            return tuple(names)
    raise TypeError(f"cannot read axes from {value!r}")


def build_mesh(cfg: dict[str, Any]) -> jax.sharding.Mesh:
    match cfg:
        case {"shape": [int(a), int(b)], "axes": [str(x), str(y)]}:
            return jax.make_mesh((a, b), (x, y))
        case {"shape": shape, "axes": names}:
            return jax.make_mesh(tuple(shape), tuple(names))
    raise ValueError(f"bad mesh config {cfg!r}")


def place(mesh, array, spec: P):
    return jax.device_put(array, NamedSharding(mesh, spec))


# --- video diffusion: latent clips split over frames (data) and channels (model) ----------------

CONFIG = tomllib.loads("""
[mesh]
shape = [4, 2]
time = "Frames"
channel = " chan"

[latent]
frames = 16
channels = 8

[sampler]
steps = 4
pool = "mean"
export_keep = "channel"
""")


@dataclass
class VideoLayout:
    time: str
    _: KW_ONLY
    channel: str = "chan"
    extra: tuple[str, ...] = ()

    def __post_init__(self):
        self.time = self.time.strip().lower()
        self.channel = self.channel.strip().lower()
        self.extra = tuple(a.strip().lower() for a in self.extra)

    @cached_property
    def all(self) -> tuple[str, ...]:
        return (self.time, self.channel, *self.extra)

    @property
    def latent(self) -> P:
        return P(self.time, self.channel)

    @property
    def mix(self) -> P:
        return P(self.channel, None)


VIDEO: contextvars.ContextVar[VideoLayout] = contextvars.ContextVar("video_layout")
DEFAULT = VideoLayout(CONFIG["mesh"]["time"], channel=CONFIG["mesh"]["channel"])


@contextlib.contextmanager
def video_layout(layout: VideoLayout = DEFAULT):
    token = VIDEO.set(layout)
    try:
        yield layout
    finally:
        VIDEO.reset(token)


def video_mesh(layout: VideoLayout):
    return jax.make_mesh(tuple(CONFIG["mesh"]["shape"]), layout.all)


def inputs():
    rng = np.random.default_rng(17)
    t, c = CONFIG["latent"]["frames"], CONFIG["latent"]["channels"]
    latent = rng.standard_normal((t, c)).astype(np.float32)
    mix = (np.eye(c) + 0.2 * rng.standard_normal((c, c))).astype(np.float32)
    return latent, mix


def denoise(latent, mix):
    """Channel mixing, row-parallel over the local channels: summed over the channel axis."""
    lay = VIDEO.get()
    eps = jax.lax.psum(jnp.tanh(latent) @ mix, lay.channel)
    return latent, eps


def placed(mesh, latent, mix, lay: VideoLayout):
    return place(mesh, latent, lay.latent), place(mesh, mix, lay.mix)


def centred_clip(latent, mix):
    lay = VIDEO.get()
    clip = jax.lax.all_gather(latent, lay.time, axis=0, tiled=True, to="reduced")
    return clip - clip.mean(axis=0, keepdims=True)


def main(latent, mix):
    with video_layout() as lay:
        mesh = video_mesh(lay)
        with jax.set_mesh(mesh):
            out = jax.shard_map(centred_clip, mesh=mesh, in_specs=(lay.latent, lay.mix),
                                out_specs=P(None, lay.channel, reduced={lay.time}))(*placed(mesh, latent, mix, lay))
    print("centred", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
