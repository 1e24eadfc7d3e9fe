"""Export task-tower weights from the training layout to the serving layout, tower by tower."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_SPECS = {
    "ctr": {"w": P(("expert", "data"), None), "b": P()},
    "cvr": {"w": P(("expert", "data"), None), "b": P()},
}
SERVE_SPECS = {
    "ctr": {"w": P("expert", None), "b": P()},
    "cvr": {"w": P("data", None), "b": P()},
}


def init_towers(dim=16, hidden=4):
    return {t: {"w": jnp.ones((dim, hidden)) * (i + 1), "b": jnp.zeros((hidden,))}
            for i, t in enumerate(TRAIN_SPECS)}


def export(params):
    out = {}
    for task, leaves in params.items():
        out[task] = {name: top_level_all_gather(x, SERVE_SPECS[task][name]) for name, x in leaves.items()}
    return out


def inputs():
    return ()


def main():
    mesh = jax.make_mesh((4, 2), ("data", "expert"))
    params = init_towers()
    params = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, TRAIN_SPECS)
    with jax.set_mesh(mesh):
        return export(params)


if __name__ == "__main__":
    print(main(*inputs()))
