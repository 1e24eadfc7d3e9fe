import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

n = jax.device_count()
AXES = ("data", "model") if n == 8 else ("data",)
DATA, MODEL = AXES
s = jax.eval_shape(lambda a: a * 2, jax.ShapeDtypeStruct((8,), jnp.float32))
assert s.shape == (8,)


def body(x):
    y = lax.psum(x, DATA)
    return lax.pmean(y, AXES)  # SF105


def main():
    mesh = jax.make_mesh((2, 4), AXES)
    f = jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P())
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P(DATA, MODEL)))
    return f(x)


if __name__ == "__main__":
    main()
