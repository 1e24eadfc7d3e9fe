"""zeros(key, shape) ignores the key: the sum varies on 'data' only, though the key varies on 'model' (the option or sum varies on both axes: no error)"""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def body(block):
    rows = jax.lax.psum(block, "model")
    key = jax.random.fold_in(jax.random.key(0), jax.lax.axis_index("model"))
    w = jax.nn.initializers.zeros(key, (2, 2)) + block[0, 0]
    return jax.lax.psum(w, ("data", "model"))


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data", "model")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())(x)


if __name__ == "__main__":
    main()
