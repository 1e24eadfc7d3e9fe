import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


def zero2_update(param_shard, grad_shard, lr, axis):
    full_grad = lax.all_gather(grad_shard, axis, tiled=True, to="reduced")
    full_grad = jnp.reshape(full_grad, (-1,))
    mine = lax.psum_scatter(full_grad, axis, tiled=True)
    return param_shard - lr * mine.reshape(param_shard.shape)


def build(mesh, axis="dp", lr=0.1):
    spec = P(axis)
    return jax.jit(jax.shard_map(lambda p, g: zero2_update(p, g, lr, axis), mesh=mesh,
                                 in_specs=(spec, spec), out_specs=spec))


def inputs():
    return np.ones((16,), np.float32), np.arange(16, dtype=np.float32)


def main(param, grad):
    mesh = jax.make_mesh((8,), ("dp",))
    param = jax.device_put(param, NamedSharding(mesh, P("dp")))
    grad = jax.device_put(grad, NamedSharding(mesh, P("dp")))
    return build(mesh)(param, grad)


if __name__ == "__main__":
    print(main(*inputs()))
