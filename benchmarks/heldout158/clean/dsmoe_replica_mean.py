"""moe/ds_moe/replica_mean.py: tensor-sliced expert output, averaged over the data replicas for eval."""
import collections
import dataclasses
import math

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# moe_lite: routing / capacity / placement helpers (copied from moe/lite.py, keep in sync)
# ---------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class ExpertConfig:
    num_experts: int = 8
    top_k: int = 2
    capacity_factor: float = 1.25
    d_model: int = 16
    d_ff: int = 32
    expert_axis: str = "expert"
    data_axis: str = "data"
    aux_weight: float = 0.01


def expert_capacity(cfg: ExpertConfig, tokens: int) -> int:
    # GShard: every expert takes at most ceil(cf * T / E) tokens; the rest are dropped
    return math.ceil(cfg.capacity_factor * tokens / cfg.num_experts)


def expert_table(cfg: ExpertConfig, ep_size: int) -> dict:
    # expert id -> (expert-parallel rank, local slot on that rank)
    per_rank = max(1, cfg.num_experts // ep_size)
    return {e: divmod(e, per_rank) for e in range(cfg.num_experts)}


def rank_experts(cfg: ExpertConfig, ep_size: int) -> dict:
    table = expert_table(cfg, ep_size)
    return {r: sorted(e for e, (owner, _) in table.items() if owner == r) for r in range(ep_size)}


DROP_STATS = collections.Counter()


def note_drops(tag: str, tokens: int, cfg: ExpertConfig) -> int:
    # host-side bound on dropped assignments, kept per layer for the run log
    cap = expert_capacity(cfg, tokens)
    dropped = max(0, tokens * cfg.top_k - cap * cfg.num_experts)
    DROP_STATS[tag] += dropped
    DROP_STATS["assignments"] += tokens * cfg.top_k
    return dropped


class Router:
    def __init__(self, cfg: ExpertConfig):
        self.cfg = cfg

    def top_k(self, logits):
        order = jnp.argsort(-logits, axis=-1)
        idx = order[..., : self.cfg.top_k]
        probs = jax.nn.softmax(logits, axis=-1)
        return idx, jnp.take_along_axis(probs, idx, axis=-1)

    def first_choice(self, logits):
        # one-hot of the top expert, read from the gate values (ties are measure-zero)
        probs = jax.nn.softmax(logits, axis=-1)
        _, gates = self.top_k(logits)
        return (probs >= gates[:, :1]).astype(probs.dtype), gates

    def masks(self, logits, cap: int):
        # dispatch [T, E, C] (0/1) and combine [T, E, C] (gate weights) for the first choice
        first, gates = self.first_choice(logits)
        slot = jnp.cumsum(first, axis=0) * first - 1.0
        kept = first * (slot < cap)
        dispatch = jax.nn.one_hot(slot.astype(jnp.int32), cap) * kept[..., None]
        return dispatch, dispatch * gates[:, :1, None]

    def balance(self, logits):
        # Switch aux loss: E * sum_e (fraction routed to e) * (mean router prob of e)
        first, _ = self.first_choice(logits)
        frac = jnp.mean(first, axis=0)
        prob = jnp.mean(jax.nn.softmax(logits, axis=-1), axis=0)
        return self.cfg.num_experts * frac * prob


def dispatch_tokens(x, dispatch):
    return jnp.einsum("tec,td->ecd", dispatch, x)


def combine_tokens(y, combine):
    return jnp.einsum("tec,ecd->td", combine, y)


def place(mesh, x, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))
# ---------------------------------------------------------------------------------------------

CFG = ExpertConfig(num_experts=4, top_k=1, capacity_factor=2.0)
TP = "tensor"
AXES = (CFG.data_axis, CFG.expert_axis, TP)
ROUTER = Router(CFG)


def expert_out(buf, w1, w2):
    h = jax.nn.relu(jnp.einsum("ecd,edf->ecf", buf, w1))
    return jax.lax.psum(jnp.einsum("ecf,efd->ecd", h, w2), TP)


def step(x, wr, w1, w2):
    disp, _ = ROUTER.masks(x @ wr, expert_capacity(CFG, x.shape[0]))
    buf = jax.lax.all_to_all(dispatch_tokens(x, disp), CFG.expert_axis, 0, 1, tiled=True)
    y = expert_out(buf, w1, w2)
    return jax.lax.pmean(jnp.mean(y, axis=1), CFG.data_axis)


def main(x, wr, w1, w2):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    tok = P((CFG.data_axis, CFG.expert_axis), None)
    s1, s2 = P(CFG.expert_axis, None, TP), P(CFG.expert_axis, TP, None)
    fn = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(tok, P(), s1, s2),
                               out_specs=P(CFG.expert_axis, None)))
    m = fn(place(mesh, x, tok), place(mesh, wr, P()), place(mesh, w1, s1), place(mesh, w2, s2))
    print(m.shape, rank_experts(CFG, 2))


def inputs():
    rng = np.random.default_rng(26)
    x = rng.standard_normal((32, CFG.d_model)).astype(np.float32)
    wr = rng.standard_normal((CFG.d_model, CFG.num_experts)).astype(np.float32)
    w1 = 0.1 * rng.standard_normal((CFG.num_experts, CFG.d_model, CFG.d_ff)).astype(np.float32)
    w2 = 0.1 * rng.standard_normal((CFG.num_experts, CFG.d_ff, CFG.d_model)).astype(np.float32)
    return x, wr, w1, w2


if __name__ == "__main__":
    main(*inputs())
