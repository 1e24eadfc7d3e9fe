# MoE notebook, "inspect the experts" cell: pull every expert's weights into one layout.
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "expert"))

layouts = {
    "w_in": (P("expert", None, None), P(None, None, None, reduced={"expert"})),
    "w_out": (P("expert", None, None), P(None, None, None)),
    "router": (P(None, "expert"), P(None, None, reduced={"expert"})),
}


def init_experts(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "w_in": jax.random.normal(k1, (8, 4, 16)),
        "w_out": jax.random.normal(k2, (8, 16, 4)),
        "router": jax.random.normal(k3, (4, 8)),
    }


def inputs():
    return (init_experts(jax.random.key(0)),)


def main(experts):
    placed = {k: jax.device_put(v, NamedSharding(mesh, layouts[k][0])) for k, v in experts.items()}
    inspected = {}
    with jax.set_mesh(mesh):
        for name, arr in placed.items():
            inspected[name] = top_level_all_gather(arr, layouts[name][1])
    return inspected


if __name__ == "__main__":
    main(*inputs())
