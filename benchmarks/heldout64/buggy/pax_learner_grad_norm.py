"""Pax-like Learner: gradient clipping by global norm with a per-replica norm summary."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_EXPERIMENTS = {}


def register(cls):
    _EXPERIMENTS[cls.__name__] = cls
    return cls


@register
class LmCloudSpmdTiny:
    ICI_MESH_SHAPE = [4, 2]
    MESH_AXIS_NAMES = ("data", "mdl")
    CLIP_GRADIENT_NORM_TO_VALUE = 1.0
    WEIGHT_SPLIT = ("data", "mdl")


class Learner:
    @dataclasses.dataclass
    class HParams:
        clip_gradient_norm_to_value: float = 0.0
        mesh_axis_names: tuple = ()
        replica_axis: str = "data"

        def instantiate(self):
            return Learner(self)

    def __init__(self, hparams):
        self.hparams = hparams

    def _global_norm(self, grads):
        sq = sum(jnp.sum(g * g) for g in jax.tree_util.tree_leaves(grads))
        return jnp.sqrt(jax.lax.psum(sq, self.hparams.replica_axis))

    def scale_gradients(self, grads):
        p = self.hparams
        grad_norm = self._global_norm(grads)
        scale = jnp.minimum(1.0, p.clip_gradient_norm_to_value / (grad_norm + 1e-6))
        summary = jax.lax.all_gather(grad_norm[None], p.replica_axis, to="reduced", tiled=True)
        return jax.tree.map(lambda g: g * scale, grads), summary


def inputs():
    rng = np.random.default_rng(12)
    grads = {"w": rng.standard_normal((8, 4)).astype(np.float32),
             "b": rng.standard_normal((8, 2)).astype(np.float32)}
    return "LmCloudSpmdTiny", grads


def main(name, grads):
    exp = _EXPERIMENTS[name]
    mesh = jax.make_mesh(tuple(exp.ICI_MESH_SHAPE), exp.MESH_AXIS_NAMES)
    spec = P(*exp.WEIGHT_SPLIT)
    grads = {k: jax.device_put(v, NamedSharding(mesh, spec)) for k, v in grads.items()}
    learner = Learner.HParams(clip_gradient_norm_to_value=exp.CLIP_GRADIENT_NORM_TO_VALUE,
                              mesh_axis_names=exp.MESH_AXIS_NAMES).instantiate()
    fn = jax.shard_map(learner.scale_gradients, mesh=mesh, in_specs=({"w": spec, "b": spec},),
                       out_specs=({"w": spec, "b": spec}, P("mdl", reduced={"data"})))
    return jax.jit(fn)(grads)


if __name__ == "__main__":
    main(*inputs())
