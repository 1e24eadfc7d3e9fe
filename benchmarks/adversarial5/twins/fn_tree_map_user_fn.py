"""jax.tree.map of a data-axis normaliser over leaves varying on data (one also on model)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _norm_rows(v):
    return v / jax.lax.psum(jnp.abs(v).sum(), "data")


def _norm_all(v):
    return v / jax.lax.psum(jnp.abs(v).sum(), ("data", "model"))

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    specs = {"w": P("data", "model"), "b": P("data", None)}
    tree = {"w": jax.device_put(w, NamedSharding(mesh, specs["w"])),
            "b": jax.device_put(b, NamedSharding(mesh, specs["b"]))}

    def body(tree):
        scaled = jax.tree.map(_norm_all, tree)
        return scaled, _norm_all(tree["w"])

    return jax.shard_map(body, mesh=mesh, in_specs=(specs,),
                         out_specs=(specs, P("data", "model")))(tree)


if __name__ == "__main__":
    print(main(*inputs()))
