import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def _shift(x, n):
    return jax.lax.ppermute(x, "i", [(k, (k + 1) % n) for k in range(n)])  # SF103


def _shift_clamped(x, n):
    moved = _shift(x, n)
    return jnp.where(jax.lax.axis_index("i") == 0, x, moved)


_MODES = {"wrap": _shift, "nearest": _shift_clamped}


def roll(x, mesh, *, mode="nearest", gather=False):
    step = _MODES[mode]
    n = mesh.shape["i"]

    def body(b):
        src = jax.lax.all_gather(b, "i", tiled=True, to="reduced") if gather else b
        return step(src, n)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P("i"))(x)


def main():
    mesh = jax.make_mesh((8,), ("i",))
    x = jax.device_put(jnp.arange(8.0), NamedSharding(mesh, P("i")))
    for mode in ("wrap", "nearest"):
        roll(x, mesh, mode=mode)
    return roll(x, mesh, gather=True)


if __name__ == "__main__":
    main()
