"""lingvo_lite/decoders/capped_greedy.py

Greedy decode step with logit capping (the decoder clips the logits to +-cap before choosing,
as the serving config asks). The vocab-parallel logits are gathered over the vocab shards so
every shard picks the same token.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class CappedGreedy(BaseLayer):
  HPARAMS = dict(logit_cap=30.0, vocab_axis=None)

  def choose(self, logits):
    capped = jnp.clip(logits, -self.logit_cap, self.logit_cap)
    return jax.lax.all_gather(capped, self.vocab_axis, axis=-1, tiled=True, to='reduced')


class DecodeLoop(BaseLayer):
  HPARAMS = dict(steps=1, policy_tpl=None)

  def setup(self):
    self.create_child('policy', self.policy_tpl)

  def run(self, mesh, logits_per_step):
    axis = self.policy.vocab_axis
    fn = jax.shard_map(self.policy.choose, mesh=mesh, in_specs=P('data', axis),
                       out_specs=P('data', None, reduced={axis}))
    tokens = []
    for t in range(self.steps):
      capped = fn(logits_per_step[t])
      tokens.append(np.asarray(capped).argmax(axis=-1))
    return np.stack(tokens, axis=1)


@experiment_registry.register
class CappedDecode4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def task(self):
    policy = Config(CappedGreedy, logit_cap=5.0, vocab_axis=self.mesh_axis_names[-1])
    return Config(DecodeLoop, steps=2, policy_tpl=policy, mesh_axis_names=self.mesh_axis_names)


def inputs():
  rng = np.random.default_rng(65)
  return 'CappedDecode4x2', [rng.standard_normal((4, 8)).astype(np.float32) * 10 for _ in range(2)]


def main(exp_name, logits_per_step):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  loop = instantiate(exp.task())
  placed = [place(mesh, l, ('data', loop.policy.vocab_axis)) for l in logits_per_step]
  with jax.set_mesh(mesh):
    tokens = loop.run(mesh, placed)
  print(tokens)


if __name__ == '__main__':
  main(*inputs())
