import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P("j")}


def loss(params, x):
    return (params["w"] * x).sum()


def train_step(params, x):
    grads = jax.grad(loss)(params, x)
    params.update(w=params["w"] - 0.1 * grads["w"])
    return params


def run(mesh, x):
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x, "b": x[0]}, SPECS)
        w = top_level_all_gather(params["w"], P("j", None))  # SF104
        batch = {k: jax.device_put(v, NamedSharding(mesh, SPECS[k])) for k, v in {"w": x, "b": x[0]}.items()}
        b = top_level_all_gather(batch["b"], P(None))  # SF104
    return w, b


def train(mesh, x):
    with jax.set_mesh(mesh):
        params = {"w": jax.device_put(x, NamedSharding(mesh, P("i", None))), "b": x[0]}
        params = train_step(params, x)
        return params
