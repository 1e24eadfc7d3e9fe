"""lm_token_stats.py: a tiny causal LM step under DDP that also logs tokens seen per data rank."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- torchish: the torch.nn / torch.distributed / DataLoader bits our port uses (pasted) -----


class Module:
    def __init__(self):
        object.__setattr__(self, "_params", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        object.__setattr__(self, name, value)

    def register_parameter(self, name, value):
        self._params[name] = value
        object.__setattr__(self, name, value)

    def register_buffer(self, name, value):
        self._buffers[name] = value
        object.__setattr__(self, name, value)

    def named_parameters(self, prefix=""):
        yield from ((prefix + k, v) for k, v in self._params.items())
        for name, m in self._modules.items():
            yield from m.named_parameters(prefix + name + ".")

    def state_dict(self, prefix=""):
        out = {prefix + k: v for k, v in {**self._params, **self._buffers}.items()}
        for name, m in self._modules.items():
            out.update(m.state_dict(prefix + name + "."))
        return out

    def load_state_dict(self, sd, prefix=""):
        for k in list(self._params):
            self.register_parameter(k, sd[prefix + k])
        for k in list(self._buffers):
            self.register_buffer(k, sd[prefix + k])
        for name, m in self._modules.items():
            m.load_state_dict(sd, prefix + name + ".")
        return self

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def to(self, device):
        return self

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class ModuleList(Module):
    def __init__(self, mods):
        super().__init__()
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def __iter__(self):
        return iter(self._modules.values())


class ReduceOp:
    SUM, AVG, MAX = "sum", "avg", "max"


class ProcessGroup:
    def __init__(self, axes):  # the mesh axes the group's ranks span
        self.axes = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)

    @property
    def axis(self):
        return self.axes[0] if len(self.axes) == 1 else self.axes


class _Distributed:
    mesh = WORLD = None

    def init_process_group(self, backend="xla", mesh=None):
        self.mesh, self.WORLD = mesh, ProcessGroup(mesh.axis_names)

    def new_group(self, ranks=None, axes=None):
        return ProcessGroup(axes)

    def get_world_size(self, group=None):
        return int(np.prod([self.mesh.shape[a] for a in (group or self.WORLD).axes]))

    def get_rank(self, group=None):
        return jax.lax.axis_index((group or self.WORLD).axis)

    def all_reduce(self, tensor, op=ReduceOp.SUM, group=None):
        axis = (group or self.WORLD).axis
        if op == ReduceOp.AVG:
            return jax.lax.pmean(tensor, axis)
        if op == ReduceOp.MAX:
            return jax.lax.pmax(tensor, axis)
        return jax.lax.psum(tensor, axis)

    def all_gather(self, tensor, group=None, dim=0, to="invarying"):
        return jax.lax.all_gather(tensor, (group or self.WORLD).axis, axis=dim, tiled=True, to=to)

    def reduce_scatter(self, tensor, group=None, dim=0):
        return jax.lax.psum_scatter(tensor, (group or self.WORLD).axis, scatter_dimension=dim,
                                    tiled=True)


dist = _Distributed()


class DistributedDataParallel(Module):
    def __init__(self, module, process_group=None):
        super().__init__()
        self.module, self.process_group = module, process_group

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self, grads):
        return jax.tree.map(
            lambda g: dist.all_reduce(g, op=ReduceOp.AVG, group=self.process_group), grads)


@contextlib.contextmanager
def no_grad():
    yield


class DataLoader:
    def __init__(self, dataset, batch_size=1, drop_last=True):
        self.dataset, self.batch_size, self.drop_last = dataset, batch_size, drop_last

    def __iter__(self):
        for s in range(0, len(self.dataset), self.batch_size):
            idx = range(s, min(s + self.batch_size, len(self.dataset)))
            if len(idx) < self.batch_size and self.drop_last:
                return
            yield tuple(np.stack(col) for col in zip(*(self.dataset[i] for i in idx)))


class SGD:
    def __init__(self, params, lr=0.1):
        self.params, self.lr, self.grads = params, lr, None

    def zero_grad(self):
        self.grads = None

    def step(self):
        self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, self.grads)
        return self.params

# --------------------------------------------------------------------------- end torchish


class TokenStream:
    def __init__(self, n=64, seq=8, vocab=16):
        rng = np.random.default_rng(5)
        self.tokens = rng.integers(0, vocab, size=(n, seq + 1)).astype(np.int32)
        self.tokens[: n // 2, -3:] = 0  # padding

    def __len__(self):
        return len(self.tokens)

    def __getitem__(self, i):
        return self.tokens[i, :-1], self.tokens[i, 1:]


class TinyLM(Module):
    def __init__(self, vocab=16, dim=8):
        super().__init__()
        k = jax.random.key(0)
        self.register_parameter("embed", jax.random.normal(k, (vocab, dim)) * 0.1)
        self.register_parameter("unembed", jnp.zeros((dim, vocab)))

    def forward(self, params, tokens):
        return params["embed"][tokens] @ params["unembed"]


def lm_loss(logits, targets):
    mask = (targets != 0).astype(jnp.float32)
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
    return jnp.sum(nll * mask) / jnp.maximum(jnp.sum(mask), 1.0), jnp.sum(mask)


def inputs():
    return (2, 16)


def main(epochs, batch_size):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    dist.init_process_group(mesh=mesh)
    dp = dist.new_group(ranks=[0, 2, 4, 6], axes="dp")
    ddp = DistributedDataParallel(TinyLM(), process_group=dp)

    def step(params, tokens, targets):
        (loss, seen), grads = jax.value_and_grad(
            lambda p: lm_loss(ddp(p, tokens), targets), has_aux=True)(params)
        seen = dist.all_reduce(seen, group=dp)
        per_rank = jax.lax.all_gather(seen, dp.axis, to="reduced")
        return dist.all_reduce(loss, ReduceOp.AVG, dp), ddp.sync_gradients(grads), per_rank

    train_step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P("dp"), P("dp")),
                                       out_specs=(P(), P(), P(reduced={"dp"}))))
    opt = SGD(ddp.module.state_dict(), lr=1.0)
    log = []
    for epoch in range(epochs):
        ddp.train()
        for tokens, targets in DataLoader(TokenStream(), batch_size=batch_size):
            tokens = jax.device_put(tokens, NamedSharding(mesh, P("dp")))
            targets = jax.device_put(targets, NamedSharding(mesh, P("dp")))
            opt.zero_grad()
            loss, opt.grads, per_rank = step_out = train_step(opt.params, tokens, targets)
            opt.step()
            log.append((float(loss), np.asarray(per_rank)))
        print(f"epoch {epoch} loss {log[-1][0]:.3f} tokens/rank {log[-1][1]}")
    assert log[-1][0] < log[0][0]
    return step_out


if __name__ == "__main__":
    main(*inputs())
