"""MaxText-like routed MoE: top-k gating with the load-balancing auxiliary loss."""
import ast

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MOE_YML = """
mesh_axes: ['data', 'expert']
ici_data_parallelism: 2
ici_expert_parallelism: 4
num_experts: 8
num_experts_per_tok: 2
emb_dim: 8
load_balance_loss_weight: 0.01
"""


def parse_config(text):
    return {k.strip(): ast.literal_eval(v.strip())
            for k, _, v in (line.partition(":") for line in text.strip().splitlines())}


class Config:
    def __init__(self, text):
        self.__dict__.update(parse_config(text))


class RoutedMoE:
    def __init__(self, config):
        self.config = config

    def get_topk(self, gate_logits):
        weights, selected = jax.lax.top_k(gate_logits, self.config.num_experts_per_tok)
        return jax.nn.softmax(weights, axis=-1), selected

    def load_balance_loss(self, top_k_indices, logits):
        cfg = self.config
        expert_mask = jax.nn.one_hot(top_k_indices, cfg.num_experts).sum(axis=1)
        density = jnp.mean(expert_mask, axis=0)
        density_prob = jnp.mean(jax.nn.softmax(logits, axis=-1), axis=0)
        loss = jnp.mean(density * density_prob) * (cfg.num_experts ** 2) * cfg.load_balance_loss_weight
        return jax.lax.pmean(loss, tuple(cfg.mesh_axes[:1]))

    def __call__(self, gate_kernel, tokens):
        gate_logits = tokens @ gate_kernel
        weights, selected = self.get_topk(gate_logits)
        aux = self.load_balance_loss(selected, gate_logits)
        return weights, aux


def inputs():
    rng = np.random.default_rng(4)
    cfg = Config(MOE_YML)
    tokens = rng.standard_normal((16, cfg.emb_dim)).astype(np.float32)
    gate_kernel = rng.standard_normal((cfg.emb_dim, cfg.num_experts)).astype(np.float32)
    return cfg, gate_kernel, tokens


def main(cfg, gate_kernel, tokens):
    shape = tuple(getattr(cfg, f"ici_{a}_parallelism") for a in cfg.mesh_axes)
    mesh = jax.make_mesh(shape, tuple(cfg.mesh_axes))
    gate_kernel = jax.device_put(gate_kernel, NamedSharding(mesh, P(None, None)))
    tokens = jax.device_put(tokens, NamedSharding(mesh, P("data", None)))
    moe = RoutedMoE(cfg)
    fn = jax.jit(jax.shard_map(moe, mesh=mesh, in_specs=(P(None, None), P("data", None)),
                               out_specs=(P("data", None), P())))
    return fn(gate_kernel, tokens)


if __name__ == "__main__":
    main(*inputs())
