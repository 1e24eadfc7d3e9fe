"""Levanter-style RMSNorm on hand-written named arrays; logical axes map to mesh axes."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS_MAPPING = {"batch": "data", "embed": "model"}
mesh = jax.make_mesh((2, 4), ("data", "model"))


@dataclasses.dataclass
class NamedArray:
    array: jax.Array
    axes: tuple

    def index(self, name):
        return self.axes.index(name)

    def sum(self, name):
        rest = tuple(a for a in self.axes if a != name)
        return NamedArray(jnp.sum(self.array, axis=self.index(name)), rest)


def physical(name, mapping=AXIS_MAPPING):
    return mapping[name]


def rms_norm(raw_x, raw_gain):
    x = NamedArray(raw_x, ("batch", "embed"))
    sq = NamedArray(x.array * x.array, x.axes).sum("embed")
    ms = jax.lax.psum(sq.array, physical("embed")) / 16
    scale_table = jax.lax.all_gather(ms, physical("embed"), to="reduced")
    y = x.array * jax.lax.rsqrt(ms + 1e-6)[:, None] * raw_gain
    return y, scale_table


def inputs():
    x = jnp.sin(jnp.arange(8 * 16, dtype=jnp.float32)).reshape(8, 16)
    return (jax.device_put(x, NamedSharding(mesh, P("data", "model"))),
            jax.device_put(jnp.ones(16), NamedSharding(mesh, P("model"))))


def main(x, gain):
    f = jax.shard_map(rms_norm, mesh=mesh, in_specs=(P("data", "model"), P("model")),
                      out_specs=(P("data", "model"), P(None, "data", reduced={"model"})))
    return f(x, gain)
