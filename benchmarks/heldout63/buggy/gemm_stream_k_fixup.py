"""Stream-K GEMM: tiles whose K range was split across workers are fixed up from the partial tiles."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SCHEDULE = {
    "partial_axis": "k",
    "fixup_axes": ("m", "k"),
    "tile_m": 4,
}


def partial_tiles(a, b, schedule=SCHEDULE):
    partial_c = a @ b
    return jax.lax.all_gather(partial_c, schedule["partial_axis"], axis=0, tiled=True, to="reduced")


def fixup(partials, schedule=SCHEDULE):
    tiles = partials.reshape(-1, schedule["tile_m"], partials.shape[-1])
    return jax.lax.all_gather(tiles, schedule["fixup_axes"], axis=0, tiled=True, to="reduced")


def stream_k(a, b):
    return fixup(partial_tiles(a, b))


def inputs():
    rng = np.random.default_rng(51)
    return rng.standard_normal((16, 32)).astype(np.float32), rng.standard_normal((32, 4)).astype(np.float32)


def main(a, b):
    mesh = jax.make_mesh((2, 4), ("m", "k"))
    a = jax.device_put(a, NamedSharding(mesh, P("m", "k")))
    b = jax.device_put(b, NamedSharding(mesh, P("k", None)))
    run = jax.shard_map(stream_k, mesh=mesh, in_specs=(P("m", "k"), P("k", None)),
                        out_specs=P(None, None, None, reduced={"m", "k"}))
    return run(a, b)


if __name__ == "__main__":
    main(*inputs())
