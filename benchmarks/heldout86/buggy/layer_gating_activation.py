"""Gated expert layer whose gate activation is named in its hyper-parameters."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class HParams:
    """Attribute bag with defaults, cloned and overridden like Praxis hyper-parameters."""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def clone(self):
        return HParams(**{k: (v.clone() if isinstance(v, HParams) else v) for k, v in self.__dict__.items()})

    def set(self, **fields):
        self.__dict__.update(fields)
        return self


class BaseLayer:
    @classmethod
    def HParams(cls):
        return HParams(cls=cls, name=cls.__name__.lower(), mesh_axis_names=("data", "mdl"))

    def __init__(self, p):
        self.p = p

    @property
    def mesh_axis_names(self):
        return tuple(self.p.mesh_axis_names)


def instantiate(p):
    return p.cls(p)


ACTIVATIONS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu, "silu": jax.nn.silu, "none": lambda v: v}


class GatedExpertLayer(BaseLayer):
    @classmethod
    def HParams(cls):
        return super().HParams().set(gate_activation="silu")

    def __init__(self, p):
        super().__init__(p)
        self.activation = ACTIVATIONS[p.gate_activation]

    def gate_weights(self, w_gate):
        _, mdl = self.mesh_axis_names
        return jax.lax.all_gather(w_gate, mdl, axis=1, tiled=True, to="reduced")

    def fprop(self, x, w_gate):
        data, _ = self.mesh_axis_names
        gate = self.activation(self.gate_weights(w_gate))
        return jax.lax.psum(jnp.einsum("td,dh->th", x, gate).sum(axis=0), data)


def inputs():
    rng = np.random.default_rng(17)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(x, w_gate):
    layer = instantiate(GatedExpertLayer.HParams())
    data, mdl = layer.mesh_axis_names
    mesh = jax.make_mesh((2, 4), (data, mdl))
    x = jax.device_put(x, NamedSharding(mesh, P(data, None)))
    w_gate = jax.device_put(w_gate, NamedSharding(mesh, P(None, mdl)))
    out = jax.shard_map(layer.fprop, mesh=mesh, in_specs=(P(data, None), P(None, mdl)),
                        out_specs=P())(x, w_gate)
    print("gated", out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
