"""`match` on a (parameter, spec) pair: `case None, _` skips a missing parameter (an array is never
None), `case leaf, P() as spec if "data" in spec` tests the spec's class and walks its entries (a
PartitionSpec has no `__contains__`: `in` iterates it)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("data", "model"), "b": P("model"), "x": P()}
NAMES = ["x", "w", "b"]


def norms(params: dict, names: list[str]) -> dict:
    out = {}
    for name in names:
        match params.get(name), SPECS[name]:
            case None, _:
                continue
            case leaf, P() as spec if "data" in spec:
                sq = jax.lax.psum(jnp.sum(leaf * leaf), "model")
                out[name] = jax.lax.all_gather(sq[None], "model", tiled=True, to="reduced")  # SF101
            case leaf, _:
                out[name] = jnp.sum(leaf * leaf)[None]
    return out


def body(w, b):
    return norms({"w": w, "b": b}, NAMES)


def inputs():
    return np.ones((8, 8), np.float32), np.ones((8,), np.float32)


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    wd = jax.device_put(w, NamedSharding(mesh, SPECS["w"]))
    bd = jax.device_put(b, NamedSharding(mesh, SPECS["b"]))
    out_specs = {name: P(("data", "model")) if name == "w" else P("model") for name in NAMES if name != "x"}
    return jax.shard_map(body, mesh=mesh, in_specs=(SPECS["w"], SPECS["b"]), out_specs=out_specs)(wd, bd)


if __name__ == "__main__":
    main(*inputs())
