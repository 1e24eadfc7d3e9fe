import jax
from jax.sharding import PartitionSpec as P


def run(mesh, x):
    def body(v):
        norm = jax.lax.psum(v * v, "i")
        return jax.lax.all_gather(norm, "i", axis=0, tiled=True, to="reduced")  # SF101

    sharded = jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))
    return sharded(x)


if __name__ == "__main__":
    devices_mesh = jax.make_mesh((2, 4), ("i", "j"))
    placed = jax.device_put(jax.numpy.ones((8, 8)), jax.sharding.NamedSharding(devices_mesh, P("i", "j")))
    print(run(devices_mesh, placed))
