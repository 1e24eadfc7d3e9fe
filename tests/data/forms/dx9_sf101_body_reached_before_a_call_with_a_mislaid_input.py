import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    total = jax.lax.psum(x, "data")
    return jax.lax.all_gather(total, "data", axis=0, tiled=True, to="reduced")  # SF101


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    step = jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P(reduced={"data"}))
    for spec in (P("data"), P("model")):
        step(jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main()
