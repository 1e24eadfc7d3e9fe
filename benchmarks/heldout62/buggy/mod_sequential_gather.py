"""Layers as callable objects composed by a Sequential container (torch/haiku style)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Layer:
    def __call__(self, x):
        raise NotImplementedError

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"


class Affine(Layer):
    def __init__(self, scale, shift):
        self.scale, self.shift = scale, shift

    def __call__(self, x):
        return x * self.scale + self.shift


class Activation(Layer):
    def __init__(self, fn=jnp.tanh):
        self.fn = fn

    def __call__(self, x):
        return self.fn(x)


class Gather(Layer):
    """Materialises the full extent of one dimension on every device."""

    def __init__(self, axes, dim=0):
        self.axes, self.dim = axes, dim

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes, axis=self.dim, to="reduced", tiled=True)


class Sequential(Layer):
    def __init__(self, *layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def inputs():
    x = np.linspace(-1.0, 1.0, 64, dtype=np.float32).reshape(8, 8)
    return x, np.full((8,), 0.5, np.float32), np.zeros((8,), np.float32)


def main(x, scale, shift):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    scale = jax.device_put(scale, NamedSharding(mesh, P("model")))
    shift = jax.device_put(shift, NamedSharding(mesh, P("model")))

    def body(x, scale, shift):
        head = Sequential(
            Affine(scale, shift),
            Gather("data"),
            Activation(),
            Gather(("data", "model"), dim=1),
        )
        return head(x)

    fwd = jax.shard_map(body, mesh=mesh, in_specs=(P("data", "model"), P("model"), P("model")),
                        out_specs=P(None, None, reduced={"data", "model"}))
    return fwd(x, scale, shift)


if __name__ == "__main__":
    main(*inputs())
