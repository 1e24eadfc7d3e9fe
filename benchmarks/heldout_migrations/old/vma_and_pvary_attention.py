import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("dp", "heads"))


def attend(q, k, scale):
    if "heads" not in jax.typeof(scale).vma:
        scale = jax.lax.pvary(scale, "heads")
    s = jnp.einsum("bhd,bhe->bhde", q, k) * scale
    return jax.lax.psum(jnp.sum(jax.nn.softmax(s, axis=-1), axis=(2, 3)), "heads")


def main():
    f = jax.jit(jax.shard_map(attend, mesh=mesh, in_specs=(P("dp", "heads"), P("dp", "heads"), P()),
                              out_specs=P("dp")))
    q = np.cos(np.arange(4 * 8 * 2, dtype=np.float32)).reshape(4, 8, 2)
    k = np.sin(np.arange(4 * 8 * 2, dtype=np.float32)).reshape(4, 8, 2)
    print(np.round(np.asarray(f(q, k, np.float32(0.5))), 3).tolist())


if __name__ == "__main__":
    main()
