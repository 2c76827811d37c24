// placeholder, regenerated below
public enum L10n {}
