/** The user object the API answers with (GET /api/user, POST /api/login, PUT /api/user/profile). */
export interface User {
  id: number;
  username: string;
  name: string;
  email: string | null;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  isBlocked: boolean;
  blockReason: string | null;
  blockedAt: string | null;
  adminInfo: string | null;
  adminInfoUpdatedAt: string | null;
  lastLoginAt: string | null;
  phoneNumber: string | null;
  accountNumber: string | null;
  createdAt: string;
}

export interface MessageAnswer {
  message: string;
}

export const isStaff = (user: User | null | undefined): boolean => !!user && (user.isAdmin || user.isMiniAdmin);
