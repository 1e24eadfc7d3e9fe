"""Fill simulation: each path block sees the full simulated mid-price tape."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SIM = {
    "mesh": {"path": 4, "mm": 2},
    "tape": {"axis": "path", "mode": "reduced"},
    "broadcast": {"axis": "path"},
    "fill_k": 2.0,
}


def tape(mid, opts):
    return jax.lax.all_gather(mid, opts["axis"], axis=0, tiled=True, to=opts["mode"])


def rebroadcast(x, opts):
    return jax.lax.all_gather(x, opts["axis"], axis=0, tiled=True)


def fill_probability(mid, quote):
    full = tape(mid, SIM["tape"])
    shared = rebroadcast(full[:2], SIM["broadcast"])
    dist = jnp.abs(quote - mid)
    return jnp.exp(-SIM["fill_k"] * dist), shared


def inputs():
    rng = np.random.default_rng(403)
    mid = (100 + rng.standard_normal((16, 4))).astype(np.float32)
    quote = mid + (0.02 * rng.standard_normal((16, 4))).astype(np.float32)
    return mid, quote


def main(mid, quote):
    mesh = jax.make_mesh(tuple(SIM["mesh"].values()), tuple(SIM["mesh"]))
    lay = NamedSharding(mesh, P("path", "mm"))
    prob, shared = jax.shard_map(fill_probability, mesh=mesh, in_specs=(P("path", "mm"), P("path", "mm")),
                                 out_specs=(P("path", "mm"), P("path", "mm")))(jax.device_put(mid, lay),
                                                                            jax.device_put(quote, lay))
    print(prob.shape, shared.shape)
    return prob


if __name__ == "__main__":
    main(*inputs())
