"""Daily spread statistics per symbol and desk-wide (lob-features)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIPELINE = {
    "mesh": {"sym": 4, "tick": 2},
    "stats": {"time_axis": "tick", "desk_axes": "sym tick"},
}


def twap_spread(spread, time_axis):
    n = spread.shape[1] * jax.lax.axis_size(time_axis)
    return jax.lax.psum(spread.sum(axis=1), time_axis) / n


def desk_stats(bid_px, ask_px, mesh):
    st = PIPELINE["stats"]
    desk_axes = tuple(st["desk_axes"].split())

    def _block(b, a):
        s = (a - b) / (0.5 * (a + b))
        per_sym = twap_spread(s, st["time_axis"])
        desk = jax.lax.pmean(per_sym.mean(), desk_axes)
        return per_sym, desk

    return jax.shard_map(_block, mesh=mesh, in_specs=(P("sym", "tick"), P("sym", "tick")),
                         out_specs=(P("sym"), P()))(bid_px, ask_px)


def inputs():
    rng = np.random.default_rng(105)
    mid = 20 + rng.random((8, 16)).astype(np.float32)
    half = 0.01 * rng.random((8, 16)).astype(np.float32) + 0.005
    return mid - half, mid + half


def main(bid_px, ask_px):
    spec = PIPELINE["mesh"]
    mesh = jax.make_mesh(tuple(spec.values()), tuple(spec))
    lay = NamedSharding(mesh, P("sym", "tick"))
    per_sym, desk = desk_stats(jax.device_put(bid_px, lay), jax.device_put(ask_px, lay), mesh)
    print(per_sym.shape, float(desk))
    return desk


if __name__ == "__main__":
    main(*inputs())
