"""Monte-Carlo radiation transport: photon packets are split over ranks and energy groups
over a second axis; cell tallies are summed over the packets, then laid out per rank."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, Enum):
    PHOTONS = "photons"
    GROUPS = "groups"


N_CELLS = 8


def score(cells, weights):
    absorbed = jax.vmap(lambda c, w: jax.ops.segment_sum(w, c, num_segments=N_CELLS))(cells, weights)
    return {"absorbed": absorbed, "visits": jax.vmap(
        lambda c: jax.ops.segment_sum(jnp.ones_like(c, jnp.float32), c, num_segments=N_CELLS))(cells)}


def tally(cells, weights):
    local = score(cells, weights)
    summed = jax.tree.map(lambda t: jax.lax.psum(t, Axis.PHOTONS.value), local)
    return jax.tree.map(lambda t: jax.lax.all_gather(t, Axis.PHOTONS.value, axis=1, tiled=True, to="reduced"), summed)


def inputs():
    cells = (np.arange(4 * 32) % N_CELLS).reshape(4, 32).astype(np.int32)
    weights = np.linspace(0.1, 1.0, 4 * 32, dtype=np.float32).reshape(4, 32)
    return cells, weights


def main(cells, weights):
    mesh = jax.make_mesh((4, 2), (Axis.PHOTONS.value, Axis.GROUPS.value))
    spec = P(Axis.GROUPS.value, Axis.PHOTONS.value)
    cells, weights = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (cells, weights))
    out = P(Axis.GROUPS.value, None, reduced={Axis.PHOTONS.value})
    f = jax.shard_map(tally, mesh=mesh, in_specs=(spec, spec),
                      out_specs={"absorbed": out, "visits": out})
    return f(cells, weights)


if __name__ == "__main__":
    print(main(*inputs()))
