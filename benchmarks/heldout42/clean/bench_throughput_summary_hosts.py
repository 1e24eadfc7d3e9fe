"""Throughput summary of a training benchmark: tokens/s per host, then a fleet mean."""
from dataclasses import dataclass
from typing import Tuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("host", "chip"))


@dataclass(frozen=True)
class SummaryConfig:
    summary_axes: Tuple[str, ...]
    per_host_axis: str

    @classmethod
    def from_mesh(cls, mesh):
        return cls(summary_axes=tuple(mesh.axis_names[:1]), per_host_axis=mesh.axis_names[-1])


class ThroughputSummary:
    def __init__(self, cfg):
        self.cfg = cfg

    def per_host(self, tokens, seconds):
        return jax.lax.psum(tokens.sum(), self.cfg.per_host_axis) / seconds.mean()

    def __call__(self, tokens, seconds):
        host_tps = self.per_host(tokens, seconds)
        return jax.lax.pmean(host_tps, self.cfg.summary_axes)


def inputs():
    tok = jnp.full((4, 16), 2048.0, jnp.float32)
    sec = jnp.linspace(0.5, 1.5, 4 * 16, dtype=jnp.float32).reshape(4, 16)
    s = NamedSharding(MESH, P("host", "chip"))
    return (jax.device_put(tok, s), jax.device_put(sec, NamedSharding(MESH, P("host", None))))


def main(tokens, seconds):
    summary = ThroughputSummary(SummaryConfig.from_mesh(MESH))
    return jax.shard_map(summary, mesh=MESH, in_specs=(P("host", "chip"), P("host", None)),
                         out_specs=P())(tokens, seconds)


if __name__ == "__main__":
    main(*inputs())
