"""NNX-style Variable: the gathered kernel is stored, then its .value is cast back before use."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Variable:
    def __init__(self, value):
        self.value = value


class Dense:
    def __init__(self, kernel):
        self.kernel = Variable(kernel)

    def materialize(self, axis):
        full = jax.lax.all_gather(self.kernel.value, axis, to="reduced", tiled=True)
        self.kernel.value = full
        self.kernel.value = jax.lax.pcast(self.kernel.value, axis, to="varying")

    def __call__(self, x):
        return jax.nn.gelu(x @ self.kernel.value) + 1.0


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4) / 32, np.ones((8, 8), np.float32))


def main(k, x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    k = jax.device_put(k, NamedSharding(mesh, P("fsdp")))
    x = jax.device_put(x, NamedSharding(mesh, P()))

    def body(kb, xb):
        layer = Dense(kb)
        layer.materialize("fsdp")
        return layer(xb)

    return jax.shard_map(body, mesh=mesh, in_specs=(P("fsdp"), P()), out_specs=P("fsdp"))(k, x)


if __name__ == "__main__":
    print(main(*inputs()))
