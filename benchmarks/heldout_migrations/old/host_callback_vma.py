import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("shard",))


def tokenize_on_host(ids):
    ids = np.asarray(ids)
    return (ids * 31 + 7) % 101


def body(ids):
    spec = jax.ShapeDtypeStruct(ids.shape, ids.dtype, vma=frozenset({"shard"}))
    hashed = jax.pure_callback(tokenize_on_host, spec, ids)
    return jax.lax.psum(jnp.sum(hashed), "shard"), hashed


def main():
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("shard"), out_specs=(P(), P("shard"))))
    total, hashed = f(jax.device_put(np.arange(32, dtype=np.int32), NamedSharding(mesh, P("shard"))))
    print(int(total), np.asarray(hashed)[:6].tolist())


if __name__ == "__main__":
    main()
