"""Export the stacked MLP weights unsharded for a serving checkpoint."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["w_in", "w_out"], meta_fields=[])
@dataclasses.dataclass
class MlpStack:
    """Stacked per-layer MLP weights: w_in column-parallel, w_out row-parallel."""
    w_in: jax.Array
    w_out: jax.Array


@dataclasses.dataclass(frozen=True)
class XfConfig:
    layers: int = 3
    d_model: int = 8
    d_ff: int = 16
    batch: int = 16
    batch_axis: str = "data"
    model_axis: str = "model"
    remat_policy: str = "nothing_saveable"

    @property
    def mesh_axes(self):
        return (self.batch_axis, self.model_axis)

    @property
    def param_specs(self):
        return MlpStack(w_in=P(None, None, self.model_axis),
                        w_out=P(None, self.model_axis, None))

    @property
    def act_spec(self):
        return P(self.batch_axis, None)


def make_mesh(cfg):
    return jax.make_mesh((4, 2), cfg.mesh_axes)


def _block(cfg, h, layer):
    w_in, w_out = layer
    with jax.named_scope("mlp"):
        u = jax.nn.gelu(h @ w_in)
        return h + jax.lax.psum(u @ w_out, cfg.model_axis), u


def scan_layers(cfg, h, stack):
    policy = getattr(jax.checkpoint_policies, cfg.remat_policy)
    step = jax.checkpoint(functools.partial(_block, cfg), policy=policy)
    return jax.lax.scan(step, h, (stack.w_in, stack.w_out))


def init_params(cfg, mesh, seed=0):
    k1, k2 = jax.random.split(jax.random.key(seed))
    stack = MlpStack(
        w_in=jax.random.normal(k1, (cfg.layers, cfg.d_model, cfg.d_ff)) * 0.1,
        w_out=jax.random.normal(k2, (cfg.layers, cfg.d_ff, cfg.d_model)) * 0.1,
    )
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)),
                        stack, cfg.param_specs)


def inputs():
    cfg = XfConfig()
    tokens = np.linspace(-1.0, 1.0, cfg.batch * cfg.d_model, dtype=np.float32)
    return cfg, tokens.reshape(cfg.batch, cfg.d_model)


EXPORT_SPECS = {
    "w_in": P(None, None, None, reduced={"data"}),
    "w_out": P(None, None, None, reduced={"model"}),
}


def export(stack):
    return {name: top_level_all_gather(getattr(stack, name), spec) for name, spec in EXPORT_SPECS.items()}


def main(cfg, tokens):
    mesh = make_mesh(cfg)
    with jax.set_mesh(mesh):
        params = init_params(cfg, mesh)
        h = jax.device_put(tokens, NamedSharding(mesh, cfg.act_spec))
        fn = jax.jit(jax.shard_map(lambda h, s: scan_layers(cfg, h, s)[0],
                                   in_specs=(cfg.act_spec, cfg.param_specs), out_specs=cfg.act_spec))
        out = fn(h, params)
        blobs = export(params)
        return out, blobs


if __name__ == "__main__":
    main(*inputs())
