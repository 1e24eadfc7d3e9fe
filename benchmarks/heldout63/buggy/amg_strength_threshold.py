"""Classical (Ruge-Stuben) strength of connection: count strong couplings per column block."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AMGOptions:
    theta: float = 0.25
    row_axis: str = "fine"
    max_levels: int = 4


def strong_couplings(a_off, opts):
    magnitude = jax.lax.all_gather(jnp.abs(a_off), opts.row_axis, axis=0, tiled=True, to="reduced")
    strong = magnitude >= opts.theta
    return jnp.sum(strong.astype(jnp.int32), axis=0, keepdims=True)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.standard_normal((16, 4)) * 0.5).astype(np.float32), AMGOptions()


def main(a_off, opts):
    mesh = jax.make_mesh((4, 2), (opts.row_axis, "vec"))
    spec = P(opts.row_axis, "vec")
    a_off = jax.device_put(a_off, NamedSharding(mesh, spec))
    count = jax.shard_map(lambda a: strong_couplings(a, opts), mesh=mesh,
                          in_specs=spec, out_specs=P(None, "vec"))
    return count(a_off)


if __name__ == "__main__":
    main(*inputs())
