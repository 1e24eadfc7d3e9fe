"""Export specs from jax.eval_shape shapes; each gathered axis is listed in reduced={...}."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def init_params(key):
    k1, k2 = jax.random.split(key)
    return {"embed": jax.random.normal(k1, (16, 8)), "scale": jax.random.normal(k2, (8,))}


def placement(shape: jax.ShapeDtypeStruct):
    return P("data", "model") if len(shape.shape) == 2 else P("model")


def export_spec(shape: jax.ShapeDtypeStruct):
    return P(None, "model", reduced={"data"}) if len(shape.shape) == 2 else P(None, reduced={"model"})


def main(seed):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    shapes = jax.eval_shape(init_params, jax.random.key(seed))
    params = init_params(jax.random.key(seed))
    with jax.set_mesh(mesh):
        out = {}
        for name, shape in shapes.items():
            w = jax.device_put(params[name], NamedSharding(mesh, placement(shape)))
            out[name] = top_level_all_gather(w, export_spec(shape))
        return out


def inputs():
    return (0,)


if __name__ == "__main__":
    main(*inputs())
