"""Monte-Carlo radiation transport: cell tallies summed over the photon ranks and handed to
every rank with an invarying gather inside a jax.tree.map over the tally dict."""
from enum import Enum

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, Enum):
    PHOTONS = "photons"
    GROUPS = "groups"


N_CELLS = 8


def tally(cells, weights):
    absorbed = jax.vmap(lambda c, w: jax.ops.segment_sum(w, c, num_segments=N_CELLS))(cells, weights)
    local = {"absorbed": absorbed, "squared": absorbed * absorbed}
    summed = jax.tree.map(lambda t: jax.lax.psum(t, Axis.PHOTONS.value), local)
    return jax.tree.map(lambda t: jax.lax.all_gather(t, Axis.PHOTONS.value, axis=1, tiled=True, to="invarying"), summed)


def inputs():
    cells = (np.arange(4 * 32) % N_CELLS).reshape(4, 32).astype(np.int32)
    weights = np.linspace(0.1, 1.0, 4 * 32, dtype=np.float32).reshape(4, 32)
    return cells, weights


def main(cells, weights):
    mesh = jax.make_mesh((4, 2), (Axis.PHOTONS.value, Axis.GROUPS.value))
    spec = P(Axis.GROUPS.value, Axis.PHOTONS.value)
    cells, weights = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (cells, weights))
    out = P(Axis.GROUPS.value, None)
    f = jax.shard_map(tally, mesh=mesh, in_specs=(spec, spec),
                      out_specs={"absorbed": out, "squared": out})
    return f(cells, weights)


if __name__ == "__main__":
    print(main(*inputs()))
