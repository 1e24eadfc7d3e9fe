"""A gathered weight is reduced; both branches hand it to helpers that cast it back before the psum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def as_varying(v, axis):
    return jax.lax.pcast(v, axis, to="varying")


def scaled_varying(v, axis, scale):
    v = jax.lax.pcast(v, axis, to="varying")
    return v * scale


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), True


def main(w, fast):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    w = jax.device_put(w, NamedSharding(mesh, P("fsdp", "tp")))

    def body(shard):
        full = jax.lax.all_gather(shard, "fsdp", to="reduced", tiled=True)
        if fast:
            pass
        else:
            full = scaled_varying(full, "fsdp", 0.5)
        return jax.lax.psum(full, "fsdp")

    return jax.shard_map(body, mesh=mesh, in_specs=P("fsdp", "tp"), out_specs=P(None, "tp"))(w)


if __name__ == "__main__":
    print(main(*inputs()))
