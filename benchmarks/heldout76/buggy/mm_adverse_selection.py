"""Adverse-selection markout statistics for the simulated market makers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MARKOUT = {
    "mesh_axes": "path mm",
    "mesh_shape": "4x2",
    "horizons": [1, 5],
    "stats": [("worst_agent", "max", "mm"), ("avg", "mean", "path mm")],
}

COLLECTIVES = {"max": jax.lax.pmax, "mean": jax.lax.pmean, "sum": jax.lax.psum}


def _axes(s):
    parts = tuple(s.split())
    return parts[0] if len(parts) == 1 else parts


def markout_stats(fills_px, mid_after):
    mk = (mid_after - fills_px).mean(axis=0)
    out = {}
    for name, op, axes in MARKOUT["stats"]:
        mk = COLLECTIVES[op](mk, _axes(axes))
        out[name] = mk
    return out


def inputs():
    rng = np.random.default_rng(405)
    px = (100 + rng.standard_normal((16, 8))).astype(np.float32)
    after = px + (0.01 * rng.standard_normal((16, 8))).astype(np.float32)
    return px, after


def main(px, after):
    names = tuple(MARKOUT["mesh_axes"].split())
    shape = tuple(int(n) for n in MARKOUT["mesh_shape"].split("x"))
    mesh = jax.make_mesh(shape, names)
    lay = NamedSharding(mesh, P("path", "mm"))
    stats = jax.shard_map(markout_stats, mesh=mesh, in_specs=(P("path", "mm"), P("path", "mm")),
                          out_specs={"worst_agent": P("path"), "avg": P()})(jax.device_put(px, lay),
                                                                          jax.device_put(after, lay))
    print({k: v.shape for k, v in stats.items()})
    return stats["avg"]


if __name__ == "__main__":
    main(*inputs())
