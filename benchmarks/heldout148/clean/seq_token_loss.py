"""seqpar/train/token_loss.py: per-token LM loss normalised by the number of real tokens.

The padding mask is split over "seq"; the token count is summed over the sequence ranks and
the loss averaged over the trainer's reduce group.
"""
import enum
from collections import OrderedDict

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------
# torchish: the bits of torch.nn / torch.distributed we keep using, on top of
# JAX (pasted from our internal utils; keep in sync by hand).
# ---------------------------------------------------------------------------
class ReduceOp(enum.IntEnum):
    SUM = 0
    AVG = 1
    MAX = 2
    MIN = 3


_REDUCERS = {
    ReduceOp.SUM: jax.lax.psum,
    ReduceOp.AVG: jax.lax.pmean,
    ReduceOp.MAX: jax.lax.pmax,
    ReduceOp.MIN: jax.lax.pmin,
}


def get_rank(group):
    return jax.lax.axis_index(group)


def get_world_size(group):
    return jax.lax.axis_size(group)


def all_reduce(tensor, op=ReduceOp.SUM, group="data"):
    return _REDUCERS[ReduceOp(op)](tensor, group)


def all_gather(tensor, group="data", dim=0, to="varying"):
    return jax.lax.all_gather(tensor, group, axis=dim, tiled=True, to=to)


def broadcast(tensor, src=0, group="data"):
    keep = jnp.where(get_rank(group) == src, tensor, jnp.zeros_like(tensor))
    return jax.lax.psum(keep, group)


class Module:
    def __init__(self):
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "_forward_hooks", [])
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        elif isinstance(value, (jax.Array, np.ndarray)) and not name.startswith("_"):
            self._parameters[name] = value
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        for store in ("_parameters", "_buffers", "_modules"):
            d = self.__dict__.get(store, {})
            if name in d:
                return d[name]
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def register_buffer(self, name, value):
        self._buffers[name] = value

    def named_parameters(self, prefix=""):
        for name, p in self._parameters.items():
            yield prefix + name, p
        for mname, m in self._modules.items():
            yield from m.named_parameters(prefix + mname + ".")

    def parameters(self):
        return [p for _, p in self.named_parameters()]

    def state_dict(self, prefix=""):
        out = OrderedDict(self.named_parameters(prefix))
        for name, b in self._buffers.items():
            out[prefix + name] = b
        for mname, m in self._modules.items():
            for k, v in m.state_dict(prefix + mname + ".").items():
                out.setdefault(k, v)
        return out

    def load_state_dict(self, state, prefix=""):
        for name in list(self._parameters):
            self._parameters[name] = state[prefix + name]
        for name in list(self._buffers):
            self._buffers[name] = state.get(prefix + name, self._buffers[name])
        for mname, m in self._modules.items():
            m.load_state_dict(state, prefix + mname + ".")
        return self

    def register_forward_hook(self, hook):
        self._forward_hooks.append(hook)
        return hook

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def __call__(self, *args, **kwargs):
        out = self.forward(*args, **kwargs)
        for hook in self._forward_hooks:
            res = hook(self, args, out)
            out = out if res is None else res
        return out


class Sequential(Module):
    def __init__(self, *mods):
        super().__init__()
        for i, m in enumerate(mods):
            self._modules[str(i)] = m

    def forward(self, x):
        for m in self._modules.values():
            x = m(x)
        return x


class ModuleList(Module):
    def __init__(self, mods=()):
        super().__init__()
        for m in mods:
            self.append(m)

    def append(self, m):
        self._modules[str(len(self._modules))] = m

    def __iter__(self):
        return iter(self._modules.values())

    def __len__(self):
        return len(self._modules)


class DistributedDataParallel(Module):
    """Averages gradients over `group` like torch's DDP (no buckets)."""

    def __init__(self, module, group="data"):
        super().__init__()
        self.module = module
        object.__setattr__(self, "group", group)

    def forward(self, *args):
        return self.module(*args)

    def sync_grads(self, grads):
        return jax.tree.map(lambda g: all_reduce(g, ReduceOp.AVG, self.group), grads)
# ---------------------------------------------------------------------------

TRAINER = {"reduce_group": ("data",), "sp": "seq"}


class LMHead(Module):
    def __init__(self, w):
        super().__init__()
        self.w = w

    def forward(self, h):
        return h @ self.w


def token_nll(logits, targets):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]


class TokenLoss(Module):
    def __init__(self, head, cfg):
        super().__init__()
        self.head = head
        object.__setattr__(self, "cfg", cfg)

    def forward(self, h, targets, mask):
        nll = token_nll(self.head(h), targets) * mask
        n_tokens = all_reduce(jnp.sum(mask), ReduceOp.SUM, self.cfg["sp"])
        total = all_reduce(jnp.sum(nll), ReduceOp.SUM, self.cfg["sp"])
        loss = total / jnp.maximum(n_tokens, 1.0)
        return jax.lax.pmean(loss, self.cfg["reduce_group"])


def make_loss(mesh):
    def body(h, targets, mask, w):
        return TokenLoss(LMHead(w), TRAINER)(h, targets, mask)

    spec = P("data", "seq")
    return jax.shard_map(body, mesh=mesh, in_specs=(P("data", "seq", None), spec, spec, P()),
                         out_specs=P())


def inputs():
    rng = np.random.default_rng(44)
    h = rng.normal(size=(4, 8, 6)).astype(np.float32)
    targets = rng.integers(0, 10, size=(4, 8)).astype(np.int32)
    mask = (rng.random((4, 8)) < 0.8).astype(np.float32)
    w = rng.normal(size=(6, 10)).astype(np.float32) * 0.3
    return h, targets, mask, w


def main(h, targets, mask, w):
    mesh = jax.make_mesh((2, 4), ("data", "seq"))
    with jax.set_mesh(mesh):
        args = [jax.device_put(h, NamedSharding(mesh, P("data", "seq", None))),
                jax.device_put(targets, NamedSharding(mesh, P("data", "seq"))),
                jax.device_put(mask, NamedSharding(mesh, P("data", "seq"))),
                jax.device_put(w, NamedSharding(mesh, P()))]
        loss = make_loss(mesh)(*args)
        print("token loss", float(loss))
    return loss


if __name__ == "__main__":
    main(*inputs())
