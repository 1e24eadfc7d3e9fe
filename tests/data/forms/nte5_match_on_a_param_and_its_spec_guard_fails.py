"""Near-miss of te5: only the bias is named, whose spec `P("model")` holds no `data`: the guard
fails, and its local sum of squares goes out as it is."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("data", "model"), "b": P("model"), "x": P()}
NAMES = ["x", "b"]


def norms(params: dict, names: list[str]) -> dict:
    out = {}
    for name in names:
        match params.get(name), SPECS[name]:
            case None, _:
                continue
            case leaf, P() as spec if "data" in spec:
                sq = jax.lax.psum(jnp.sum(leaf * leaf), "model")
                out[name] = jax.lax.all_gather(sq[None], "model", tiled=True, to="reduced")
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
