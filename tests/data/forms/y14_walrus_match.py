import jax
from jax.sharding import PartitionSpec as P


def body(h, mode="sum"):
    if (local := jax.lax.psum(h, "j")) is not None:
        match mode:
            case "sum":
                return jax.lax.psum(local, ("i", "j"))  # SF105
            case _:
                return local
    return h


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
